package store

import (
	"context"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/model"
)

type Renewals struct {
	conn *db.Conn
}

func NewRenewals(conn *db.Conn) *Renewals { return &Renewals{conn: conn} }

// Record stores the renewal of one expiry cycle.
func (r *Renewals) Record(ctx context.Context, rn model.Renewal) error {
	q := db.SB.Insert("renewals").
		Columns("domain_id", "cycle_expires_at", "period_years", "trigger", "new_expires_at", "renewed_at").
		Values(rn.DomainID, rn.CycleExpiresAt, rn.PeriodYears, rn.Trigger, rn.NewExpiresAt, rn.RenewedAt).
		Suffix("ON CONFLICT (domain_id, cycle_expires_at) DO NOTHING")
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}
