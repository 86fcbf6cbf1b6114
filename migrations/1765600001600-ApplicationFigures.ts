import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An application's figures that analytics sums (issue 29), kept beside it in `application_figures` so
 * the totals of a month's 20 000 applications are one pass over their rows instead of five index
 * lookups each: tourists, service lines, the customers' payments less refunds (pending rows count
 * nothing, as `application_paid`), the vendor payments made, and the vendors' nets per breakdown
 * category. Kept by triggers on the rows they come from — whoever writes them (the application's
 * commands, the fill, an import), in the writer's transaction, by deltas under the figures row's lock,
 * so two saves at once never lose one. Not on the application row: its version would move under an
 * open editor. The categories are the pricing engine's as of this migration (a later category adds a
 * column in its own migration).
 */
const CATEGORIES = ['accommodation', 'transport', 'meals', 'tour', 'services_additional', 'services_individual', 'services_group', 'services_hotel'];

/** The per-source deltas: each trigger adds what NEW brings and takes off what OLD brought. */
const SOURCES: { table: string; name: string; set: (row: 'NEW' | 'OLD') => string }[] = [
  { table: 'tourists', name: 'tourists', set: (row) => `tourists = tourists ${row === 'NEW' ? '+' : '-'} 1` },
  { table: 'application_services', name: 'services', set: (row) => `services = services ${row === 'NEW' ? '+' : '-'} 1` },
  {
    table: 'payments',
    name: 'payments',
    set: (row) => `paid = paid ${row === 'NEW' ? '+' : '-'} (CASE ${row}.status WHEN 2 THEN ${row}.sum WHEN 3 THEN -${row}.sum ELSE 0 END)`,
  },
  { table: 'vendor_payments', name: 'vendor_payments', set: (row) => `vendors_paid = vendors_paid ${row === 'NEW' ? '+' : '-'} ${row}.sum` },
  {
    table: 'application_vendor_nets',
    name: 'vendor_nets',
    set: (row) => CATEGORIES.map((category) => `net_${category} = net_${category} ${row === 'NEW' ? '+' : '-'} (CASE WHEN ${row}.category = '${category}' THEN ${row}.net ELSE 0 END)`).join(', '),
  },
];

export class ApplicationFigures1765600001600 implements MigrationInterface {
  name = 'ApplicationFigures1765600001600';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE application_figures (
        application_id integer PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
        tourists integer NOT NULL DEFAULT 0,
        services integer NOT NULL DEFAULT 0,
        paid numeric(14, 2) NOT NULL DEFAULT 0,
        vendors_paid numeric(14, 2) NOT NULL DEFAULT 0,
        ${CATEGORIES.map((category) => `net_${category} numeric(14, 2) NOT NULL DEFAULT 0`).join(',\n        ')}
      )`);
    // Every application has its row from its insert on; the sources only ever update it (after the
    // application's delete its children's cascade finds no row to update, and nothing fails).
    await db.query(`
      CREATE FUNCTION application_figures_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO application_figures (application_id) VALUES (NEW.id);
        RETURN NULL;
      END $$`);
    await db.query(`CREATE TRIGGER trg_applications_figures AFTER INSERT ON applications FOR EACH ROW EXECUTE FUNCTION application_figures_row()`);
    for (const source of SOURCES) {
      await db.query(`
        CREATE FUNCTION application_figures_${source.name}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') THEN
            UPDATE application_figures SET ${source.set('OLD')} WHERE application_id = OLD.application_id;
          END IF;
          IF TG_OP IN ('INSERT', 'UPDATE') THEN
            UPDATE application_figures SET ${source.set('NEW')} WHERE application_id = NEW.application_id;
          END IF;
          RETURN NULL;
        END $$`);
      await db.query(`CREATE TRIGGER trg_${source.table}_figures AFTER INSERT OR UPDATE OR DELETE ON ${source.table} FOR EACH ROW EXECUTE FUNCTION application_figures_${source.name}()`);
    }
    // The applications made before: their figures counted once, in one pass per source.
    await db.query(`INSERT INTO application_figures (application_id) SELECT id FROM applications`);
    await db.query(`UPDATE application_figures f SET tourists = s.n FROM (SELECT application_id, count(*) AS n FROM tourists GROUP BY 1) s WHERE s.application_id = f.application_id`);
    await db.query(`UPDATE application_figures f SET services = s.n FROM (SELECT application_id, count(*) AS n FROM application_services GROUP BY 1) s WHERE s.application_id = f.application_id`);
    await db.query(`
      UPDATE application_figures f SET paid = s.paid
        FROM (SELECT application_id, sum(CASE status WHEN 2 THEN sum WHEN 3 THEN -sum ELSE 0 END) AS paid FROM payments GROUP BY 1) s
       WHERE s.application_id = f.application_id`);
    await db.query(`UPDATE application_figures f SET vendors_paid = s.paid FROM (SELECT application_id, sum(sum) AS paid FROM vendor_payments GROUP BY 1) s WHERE s.application_id = f.application_id`);
    await db.query(`
      UPDATE application_figures f SET ${CATEGORIES.map((category) => `net_${category} = s.${category}`).join(', ')}
        FROM (SELECT application_id, ${CATEGORIES.map((category) => `coalesce(sum(net) FILTER (WHERE category = '${category}'), 0) AS ${category}`).join(', ')}
                FROM application_vendor_nets GROUP BY 1) s
       WHERE s.application_id = f.application_id`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const source of SOURCES) {
      await db.query(`DROP TRIGGER trg_${source.table}_figures ON ${source.table}`);
      await db.query(`DROP FUNCTION application_figures_${source.name}()`);
    }
    await db.query(`DROP TRIGGER trg_applications_figures ON applications`);
    await db.query(`DROP FUNCTION application_figures_row()`);
    await db.query(`DROP TABLE application_figures`);
  }
}
