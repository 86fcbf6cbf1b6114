/**
 * Issue 30's pinned example of the calculator formula (docs/pricing.md "Tour calculators"), as a form
 * body: the unit test of the rules and the server's test both price it (total 139 700.00, cost
 * 127 000, commission 12 700); `hotelId` names a hotel the server's database holds.
 */
export const pinnedCalculator = (hotelId: number) => ({
  name: 'Золотое кольцо',
  duration: 2,
  adult_count: 15,
  child_count: 4,
  retiree_count: 1,
  free_count: 1,
  commission_sum: 10,
  days: [
    {
      name: 'Ярославль',
      tour_guide_price: 5000,
      auto_price: 20000,
      meals: [{ id: null as number | null, name: 'Обед в ресторане', sum: 700 }],
      services: [{ id: null as number | null, name: 'Музей-заповедник', type: 1, adult_price: 500, child_price: 300, retiree_price: 400, total_price: 0 }],
    },
    {
      name: 'Кострома',
      tour_guide_price: 5000,
      auto_price: 15000,
      meals: [{ id: null as number | null, name: 'Обед', sum: 700 }],
      services: [{ id: null as number | null, name: 'Мастер-класс', type: 2, adult_price: 0, child_price: 0, retiree_price: 0, total_price: 3000 }],
    },
  ],
  hotels: [{ hotel_id: hotelId, arrival_day: 1, departure_day: 2, meal_id: null as number | null, rooms: [{ name: 'Двухместный', count: 10, duration: 1, sum: 4000, extra_sum: 0 }] }],
});
