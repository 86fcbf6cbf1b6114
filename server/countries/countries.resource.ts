import { countriesResource } from '../../shared/resources/countries.js';
import { namedHandbookResource } from '../common/resource/server-resource.js';
import { CountryEntity } from './country.entity.js';

export const countriesServerResource = namedHandbookResource(countriesResource, CountryEntity);
