import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The columns of a calculator its list reads (the list engine works through an entity). The whole
 * calculator is read and written by the aggregate store (./tour-calculator.aggregate.ts).
 */
@Entity('tour_calculators')
export class TourCalculatorEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('varchar')
  name: string;

  @Column('smallint')
  duration: number;

  @Column('int')
  version: number;
}
