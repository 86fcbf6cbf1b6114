/** How the stay tables and dialogs name a stay's guests and its meal (issue 27: names, not «2 / 1 / 0 / 0 / 0»). */
import { MESSAGES } from '@shared/messages';
import type { AccommodationValues } from './form';

const A = MESSAGES.applications;
type Counts = Pick<AccommodationValues, keyof typeof A.guestShort>;

/** «2 взр., 1 реб., 1 реб. без места»: the non-zero counts in the stay's order, each named; empty when none. */
export function guestsText(row: Counts): string {
  return (Object.keys(A.guestShort) as (keyof Counts)[])
    .map((key) => [Number(row[key]) || 0, A.guestShort[key]] as const)
    .filter(([count]) => count > 0)
    .map(([count, name]) => `${count} ${name}`)
    .join(', ');
}

/** The meal select's empty choice: «Без питания», unless the room offers a meal of that very name. */
export const noMealLabel = (meals: readonly { name: string }[]): string =>
  meals.some((meal) => meal.name.trim().toLowerCase() === A.noMeal.toLowerCase()) ? A.mealNotChosen : A.noMeal;
