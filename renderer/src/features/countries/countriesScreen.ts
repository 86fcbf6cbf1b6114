import { countriesResource } from '@shared/resources/countries';
import { namedHandbookScreen } from '../../common/resource/definition';

/** /countries (spec 01 §2.10). */
export const countriesScreen = namedHandbookScreen(countriesResource, {
  title: 'Страны',
  create: 'Добавление страны',
  edit: 'Редактирование страны',
});
