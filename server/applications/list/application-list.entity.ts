import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

type Leg = { from_city: string; to_city: string; start_at: string; finish_at: string };

/** What the list shows of an application beyond its own columns, read by one function call per row. */
export interface ApplicationListContent {
  requestorable: { type: 'clients' | 'agencies'; id: number; full_name: string; name: string; is_active: boolean } | null;
  product_name: string | null;
  tourists: { id: number; full_name: string }[];
  accommodations: { hotel: string; start_at: string; finish_at: string }[];
  transports: Partial<Record<'forth' | 'back', Leg>> | null;
  transfers: Partial<Record<'forth' | 'back', Leg & { transfer_type: number }>> | null;
  paid: string;
  can_delete: boolean;
}

/**
 * A row of the application list (applications.list.ts): the view `application_list_rows`
 * (migrations/1765400000700-ApplicationListContent.ts), the application's own columns plus its
 * content. The application itself is read and written by the aggregate store.
 */
@Entity('application_list_rows')
export class ApplicationListEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('varchar')
  number: string;

  @Column('smallint')
  type: number;

  @Column('smallint')
  status: number;

  @Column('varchar', { nullable: true })
  source: string | null;

  @Column('varchar', { nullable: true })
  platform: string | null;

  @Column('boolean')
  is_watched: boolean;

  @Column('integer')
  unread_messages_count: number;

  @Column('boolean')
  edited_from_front: boolean;

  @Column('varchar', { nullable: true })
  phone: string | null;

  @Column('varchar', { nullable: true })
  email: string | null;

  @Column('integer')
  version: number;

  @Column('integer', { nullable: true })
  hotel_id: number | null;

  @Column('integer', { nullable: true })
  tour_id: number | null;

  @Column('integer', { nullable: true })
  transport_id: number | null;

  @Column('integer', { nullable: true })
  sea_tour_id: number | null;

  @Column('text')
  price_total: string;

  @Column('text')
  agency_total: string;

  /** The row's content, from `application_list_content(a)` (migrations/1765400000700-ApplicationListContent.ts). */
  @Column('json')
  content: ApplicationListContent;
}
