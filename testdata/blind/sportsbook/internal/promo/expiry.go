package promo

import (
	"context"
	"fmt"

	"github.com/kickoffbet/sportsbook/internal/wallet"
)

// ExpireDue expires bonuses past their expiry date and removes the unused
// remainder from the bonus pocket. Expired free bets are closed as well.
func (s *Service) ExpireDue(ctx context.Context, batch int) (int, error) {
	due, err := s.bonuses.Select(ctx, s.db,
		"status = 'active' AND expires_at <= $1 ORDER BY expires_at LIMIT $2", s.now(), batch)
	if err != nil {
		return 0, err
	}
	expired := 0
	for _, b := range due {
		if b.Remaining > 0 {
			if _, err := s.wallet.Debit(ctx, wallet.Movement{
				PlayerID:  b.PlayerID,
				Pocket:    wallet.Bonus,
				Amount:    b.Remaining,
				EntryType: wallet.EntryBonusExpire,
				RefType:   "bonus",
				RefID:     b.ID,
			}); err != nil {
				return expired, fmt.Errorf("promo: expire bonus %s: %w", b.ID, err)
			}
		}
		ok, err := s.bonuses.UpdateStatus(ctx, s.db, b.ID, "active", "expired")
		if err != nil {
			return expired, err
		}
		if ok {
			expired++
		}
	}

	if _, err := s.db.ExecContext(ctx, `
UPDATE free_bets SET status = 'expired' WHERE status = 'available' AND expires_at <= $1`, s.now()); err != nil {
		return expired, fmt.Errorf("promo: expire free bets: %w", err)
	}
	return expired, nil
}
