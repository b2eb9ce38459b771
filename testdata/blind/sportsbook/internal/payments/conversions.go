package payments

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/providers/affiliate"
)

// ConversionReporter tells the affiliate platform about deposits made by
// players who came through an affiliate.
type ConversionReporter struct {
	DB      *sqlx.DB
	Tracker affiliate.Tracker
}

// ReportDeposit sends an ftd postback for the player's first successful
// deposit and a dep postback for later ones.
func (r *ConversionReporter) ReportDeposit(ctx context.Context, d *Deposit) error {
	var p struct {
		AffiliateID *string `db:"affiliate_id"`
		Deposits    int     `db:"deposits"`
	}
	err := r.DB.GetContext(ctx, &p, `
SELECT pl.affiliate_id,
       (SELECT count(*) FROM deposits x WHERE x.player_id = pl.id AND x.status = 'succeeded') AS deposits
  FROM players pl
 WHERE pl.id = $1`, d.PlayerID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("payments: load affiliate: %w", err)
	}
	if p.AffiliateID == nil || *p.AffiliateID == "" {
		return nil
	}
	kind := affiliate.Deposit
	if p.Deposits == 0 {
		kind = affiliate.FirstDeposit
	}
	return r.Tracker.Report(ctx, affiliate.Conversion{
		Kind:        kind,
		AffiliateID: *p.AffiliateID,
		PlayerID:    d.PlayerID,
		Amount:      d.Amount,
		Currency:    d.Currency,
	})
}
