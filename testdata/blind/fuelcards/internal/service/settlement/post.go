package settlement

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/jobs/jobargs"
)

const matchPage = 200

// Match settles each line's authorization and releases the amount held on
// the card. Lines whose authorization we never saw stay unmatched for the
// exceptions queue.
func (s *Service) Match(ctx context.Context, fileID uuid.UUID) error {
	var seen = map[string]bool{}
	for {
		lines, err := s.uow.Q().UnmatchedLines(ctx, fileID, matchPage)
		if err != nil {
			return err
		}
		progressed := false
		for _, l := range lines {
			if seen[l.ID] {
				continue
			}
			seen[l.ID] = true
			if l.CardID == nil {
				continue
			}
			progressed = true
			err := s.uow.InTx(ctx, func(q Repo, _ pgx.Tx) error {
				held, settled, err := q.SettleAuthorization(ctx, l.NetworkAuthID, l.AmountCents)
				if err != nil {
					return err
				}
				if settled {
					if err := q.ReleasePending(ctx, *l.CardID, held); err != nil {
						return err
					}
				}
				return q.MarkLineMatched(ctx, l.ID)
			})
			if err != nil {
				return fmt.Errorf("match line %s: %w", l.ID, err)
			}
		}
		if !progressed || len(lines) < matchPage {
			return nil
		}
	}
}

// Post writes the file's double-entry postings: a receivable from each fleet
// and a payable to the merchant. The file then moves on to remittance.
func (s *Service) Post(ctx context.Context, fileID uuid.UUID) error {
	q := s.uow.Q()
	file, err := q.SettlementFile(ctx, fileID)
	if err != nil {
		return err
	}
	if file.Status != domain.FileIngested {
		return nil
	}
	totals, err := q.FleetTotals(ctx, file.ID)
	if err != nil {
		return err
	}

	memo := fmt.Sprintf("settlement %s %s", file.MerchantID, file.BusinessDate.Format("2006-01-02"))
	err = s.uow.InTx(ctx, func(q Repo, _ pgx.Tx) error {
		var payable int64
		for _, t := range totals {
			if err := q.InsertLedgerEntry(ctx, domain.LedgerEntry{
				Account:     "fleet_receivable:" + t.FleetID.String(),
				FileID:      &file.ID,
				Direction:   "debit",
				AmountCents: t.AmountCents,
				Memo:        memo,
			}); err != nil {
				return err
			}
			payable += t.AmountCents
		}
		return q.InsertLedgerEntry(ctx, domain.LedgerEntry{
			Account:     "merchant_payable:" + file.MerchantID,
			FileID:      &file.ID,
			Direction:   "credit",
			AmountCents: payable,
			Memo:        memo,
		})
	})
	if err != nil {
		return fmt.Errorf("post file %s: %w", file.ID, err)
	}

	return s.uow.InTx(ctx, func(q Repo, tx pgx.Tx) error {
		ok, err := q.AdvanceFile(ctx, file.ID, domain.FileIngested, domain.FilePosted)
		if err != nil || !ok {
			return err
		}
		_, err = s.jobs.InsertTx(ctx, tx, jobargs.SettlementRemit{FileID: file.ID}, nil)
		return err
	})
}
