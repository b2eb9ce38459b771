package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/merchline/preorders/internal/core/domain"
	"github.com/merchline/preorders/internal/core/ports"
)

// LedgerService maintains the per-artist revenue-share ledger: manual
// adjustments, payouts to Connect accounts and monthly statements.
type LedgerService struct {
	base
	store    ports.Store
	tx       ports.TxRunner
	payments ports.PaymentProvider
	currency string
}

func NewLedgerService(store ports.Store, tx ports.TxRunner, payments ports.PaymentProvider, settlementCurrency string, log *slog.Logger, opts ...Option) *LedgerService {
	return &LedgerService{
		base:     newBase(log.With("svc", "ledger"), opts),
		store:    store,
		tx:       tx,
		payments: payments,
		currency: settlementCurrency,
	}
}

type AdjustmentInput struct {
	ArtistID    uuid.UUID
	AmountCents int64
	Reason      string
	CreatedBy   string
}

// RecordAdjustment books a manual correction (damaged stock written off,
// promo giveaways charged to the artist). The adjustment row and its
// ledger line are written together.
func (s *LedgerService) RecordAdjustment(ctx context.Context, in AdjustmentInput) (domain.Adjustment, error) {
	if in.AmountCents == 0 || in.Reason == "" {
		return domain.Adjustment{}, domain.Invalid("adjustment", "amount_cents and reason are required")
	}
	if _, err := s.store.GetArtist(ctx, in.ArtistID); err != nil {
		return domain.Adjustment{}, err
	}
	adj := domain.Adjustment{
		ID:          s.newID(),
		ArtistID:    in.ArtistID,
		AmountCents: in.AmountCents,
		Currency:    s.currency,
		Reason:      in.Reason,
		CreatedBy:   in.CreatedBy,
		CreatedAt:   s.now(),
	}
	err := s.tx.InTx(ctx, func(st ports.Store) error {
		if err := st.InsertAdjustment(ctx, adj); err != nil {
			return err
		}
		_, err := st.InsertLedgerEntry(ctx, domain.LedgerEntry{
			ID:          s.newID(),
			ArtistID:    adj.ArtistID,
			EntryType:   domain.LedgerAdjustment,
			GrossCents:  0,
			AmountCents: adj.AmountCents,
			Currency:    adj.Currency,
			SourceRef:   "adjustment:" + adj.ID.String(),
			Memo:        adj.Reason,
			CreatedAt:   adj.CreatedAt,
		})
		return err
	})
	return adj, err
}

// CreatePayout pays an artist their share for [start, end) through a
// Connect transfer. One payout per artist per period.
func (s *LedgerService) CreatePayout(ctx context.Context, artistID uuid.UUID, start, end time.Time) (domain.Payout, error) {
	if !end.After(start) {
		return domain.Payout{}, domain.Invalid("period", "end must be after start")
	}
	artist, err := s.store.GetArtist(ctx, artistID)
	if err != nil {
		return domain.Payout{}, err
	}
	if !artist.PayoutsEnabled || artist.StripeAccountID == "" {
		return domain.Payout{}, fmt.Errorf("artist %s cannot receive payouts yet: %w", artist.Slug, domain.ErrConflict)
	}
	totals, err := s.store.SumLedger(ctx, artistID, start, end)
	if err != nil {
		return domain.Payout{}, err
	}
	owed := totals.Sales + totals.Refunds + totals.Returns + totals.Adjustments
	if owed <= 0 {
		return domain.Payout{}, domain.Invalid("period", "nothing owed for this period")
	}
	p, err := s.store.InsertPayout(ctx, domain.Payout{
		ID:          s.newID(),
		ArtistID:    artistID,
		PeriodStart: start,
		PeriodEnd:   end,
		AmountCents: owed,
		Currency:    s.currency,
		CreatedAt:   s.now(),
	})
	if err != nil {
		return domain.Payout{}, err
	}
	if p.Status == domain.PayoutPaid {
		return p, nil
	}
	transferID, err := s.payments.Transfer(ctx, ports.TransferInput{
		DestinationAccount: artist.StripeAccountID,
		AmountCents:        p.AmountCents,
		Currency:           p.Currency,
		TransferGroup:      "payout_" + p.ID.String(),
		Description:        fmt.Sprintf("Merch revenue share %s to %s", start.Format("2006-01-02"), end.Format("2006-01-02")),
	})
	if err != nil {
		return domain.Payout{}, fmt.Errorf("transfer to %s: %w", artist.StripeAccountID, err)
	}
	err = s.tx.InTx(ctx, func(st ports.Store) error {
		if err := st.MarkPayoutPaid(ctx, p.ID, transferID); err != nil {
			return err
		}
		_, err := st.InsertLedgerEntry(ctx, domain.LedgerEntry{
			ID:          s.newID(),
			ArtistID:    artistID,
			EntryType:   domain.LedgerPayout,
			AmountCents: -p.AmountCents,
			Currency:    p.Currency,
			SourceRef:   "payout:" + p.ID.String(),
			Memo:        transferID,
			CreatedAt:   s.now(),
		})
		return err
	})
	if err != nil {
		return domain.Payout{}, err
	}
	p.Status, p.StripeTransferID = domain.PayoutPaid, transferID
	return p, nil
}

// GenerateStatements writes last month's statement for every artist and
// queues the statement email. Statements are unique per artist and
// month; the email is queued in the same transaction as the statement.
func (s *LedgerService) GenerateStatements(ctx context.Context, month time.Time) (int, error) {
	start := time.Date(month.Year(), month.Month(), 1, 0, 0, 0, 0, time.UTC)
	end := start.AddDate(0, 1, 0)
	artists, err := s.store.ListArtists(ctx)
	if err != nil {
		return 0, err
	}
	written := 0
	for _, a := range artists {
		t, err := s.store.SumLedger(ctx, a.ID, start, end)
		if err != nil {
			return written, err
		}
		stmt := domain.Statement{
			ID:               s.newID(),
			ArtistID:         a.ID,
			PeriodMonth:      start,
			SalesCents:       t.Sales,
			RefundsCents:     t.Refunds + t.Returns,
			AdjustmentsCents: t.Adjustments,
			PayoutsCents:     t.Payouts,
			ClosingCents:     t.Net(),
			Currency:         s.currency,
		}
		err = s.tx.InTx(ctx, func(st ports.Store) error {
			inserted, err := st.InsertStatement(ctx, stmt)
			if err != nil || !inserted {
				return err
			}
			written++
			return s.enqueue(ctx, st, domain.TopicNotifications, a.ID.String(),
				"statement:"+a.ID.String()+":"+start.Format("2006-01"),
				map[string]string{
					"template": "artist_statement",
					"artist":   a.Slug,
					"month":    start.Format("2006-01"),
				})
		})
		if err != nil {
			return written, err
		}
	}
	return written, nil
}
