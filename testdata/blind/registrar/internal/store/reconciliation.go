package store

import (
	"context"
	"time"

	sq "github.com/Masterminds/squirrel"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/model"
)

type Reconciliation struct {
	conn *db.Conn
}

func NewReconciliation(conn *db.Conn) *Reconciliation { return &Reconciliation{conn: conn} }

// StartRun opens (or reopens) the run for a day and clears items left by an
// earlier attempt of the same run.
func (r *Reconciliation) StartRun(ctx context.Context, day time.Time) error {
	q := db.SB.Insert("reconciliation_runs").Columns("run_date", "started_at").
		Values(day, time.Now().UTC()).
		Suffix("ON CONFLICT (run_date) DO UPDATE SET started_at = EXCLUDED.started_at, finished_at = NULL, checked = 0, mismatches = 0")
	if _, err := db.Exec(ctx, r.conn.Q(ctx), q); err != nil {
		return err
	}
	del := db.SB.Delete("reconciliation_items").Where(sq.Eq{"run_date": day})
	_, err := db.Exec(ctx, r.conn.Q(ctx), del)
	return err
}

// PutItem records a mismatch; a repeated mismatch keeps the latest values.
func (r *Reconciliation) PutItem(ctx context.Context, it model.ReconItem) error {
	q := db.SB.Insert("reconciliation_items").
		Columns("run_date", "domain_name", "field", "local_value", "registry_value").
		Values(it.RunDate, it.DomainName, it.Field, it.LocalValue, it.RegistryValue).
		Suffix("ON CONFLICT (run_date, domain_name, field) DO UPDATE SET local_value = EXCLUDED.local_value, registry_value = EXCLUDED.registry_value")
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

func (r *Reconciliation) FinishRun(ctx context.Context, day time.Time, checked, mismatches int) error {
	q := db.SB.Update("reconciliation_runs").
		Set("finished_at", time.Now().UTC()).
		Set("checked", checked).
		Set("mismatches", mismatches).
		Where(sq.Eq{"run_date": day})
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}
