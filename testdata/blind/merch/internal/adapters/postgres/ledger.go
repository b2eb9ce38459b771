package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/merchline/preorders/internal/adapters/postgres/sqlcgen"
	"github.com/merchline/preorders/internal/core/domain"
)

func (s *Store) InsertLedgerEntry(ctx context.Context, e domain.LedgerEntry) (bool, error) {
	n, err := s.q.InsertLedgerEntry(ctx, sqlcgen.InsertLedgerEntryParams{
		ID:          e.ID,
		ArtistID:    e.ArtistID,
		OrderItemID: nullUUID(e.OrderItemID),
		EntryType:   string(e.EntryType),
		GrossCents:  e.GrossCents,
		AmountCents: e.AmountCents,
		Currency:    e.Currency,
		SourceRef:   e.SourceRef,
		Memo:        e.Memo,
		CreatedAt:   e.CreatedAt,
	})
	if err != nil {
		return false, fmt.Errorf("insert ledger entry %s/%s: %w", e.EntryType, e.SourceRef, err)
	}
	return n > 0, nil
}

func (s *Store) InsertAdjustment(ctx context.Context, a domain.Adjustment) error {
	return s.q.InsertAdjustment(ctx, sqlcgen.InsertAdjustmentParams{
		ID:          a.ID,
		ArtistID:    a.ArtistID,
		AmountCents: a.AmountCents,
		Currency:    a.Currency,
		Reason:      a.Reason,
		CreatedBy:   a.CreatedBy,
		CreatedAt:   a.CreatedAt,
	})
}

func (s *Store) SumLedger(ctx context.Context, artistID uuid.UUID, from, to time.Time) (domain.LedgerTotals, error) {
	rows, err := s.q.SumLedgerByType(ctx, sqlcgen.SumLedgerByTypeParams{ArtistID: artistID, PeriodFrom: from, PeriodTo: to})
	if err != nil {
		return domain.LedgerTotals{}, err
	}
	var t domain.LedgerTotals
	for _, r := range rows {
		switch domain.LedgerEntryType(r.EntryType) {
		case domain.LedgerSale:
			t.Sales = r.TotalCents
		case domain.LedgerRefund:
			t.Refunds = r.TotalCents
		case domain.LedgerReturn:
			t.Returns = r.TotalCents
		case domain.LedgerAdjustment:
			t.Adjustments = r.TotalCents
		case domain.LedgerPayout:
			t.Payouts = r.TotalCents
		}
	}
	return t, nil
}

func (s *Store) InsertPayout(ctx context.Context, p domain.Payout) (domain.Payout, error) {
	if err := s.q.InsertPayout(ctx, sqlcgen.InsertPayoutParams{
		ID:          p.ID,
		ArtistID:    p.ArtistID,
		PeriodStart: p.PeriodStart,
		PeriodEnd:   p.PeriodEnd,
		AmountCents: p.AmountCents,
		Currency:    p.Currency,
		CreatedAt:   p.CreatedAt,
	}); err != nil {
		return domain.Payout{}, fmt.Errorf("insert payout: %w", err)
	}
	row, err := s.q.GetPayoutForPeriod(ctx, sqlcgen.GetPayoutForPeriodParams{
		ArtistID:    p.ArtistID,
		PeriodStart: p.PeriodStart,
		PeriodEnd:   p.PeriodEnd,
	})
	if err != nil {
		return domain.Payout{}, fmt.Errorf("load payout: %w", err)
	}
	return toPayout(row), nil
}

func (s *Store) MarkPayoutPaid(ctx context.Context, id uuid.UUID, transferID string) error {
	return s.q.MarkPayoutPaid(ctx, sqlcgen.MarkPayoutPaidParams{ID: id, StripeTransferID: &transferID})
}

func (s *Store) GetPayoutByTransfer(ctx context.Context, transferID string) (domain.Payout, error) {
	row, err := s.q.GetPayoutByTransfer(ctx, &transferID)
	if err != nil {
		return domain.Payout{}, notFound(err)
	}
	return toPayout(row), nil
}

func (s *Store) InsertStatement(ctx context.Context, st domain.Statement) (bool, error) {
	n, err := s.q.InsertStatement(ctx, sqlcgen.InsertStatementParams{
		ID:               st.ID,
		ArtistID:         st.ArtistID,
		PeriodMonth:      st.PeriodMonth,
		SalesCents:       st.SalesCents,
		RefundsCents:     st.RefundsCents,
		AdjustmentsCents: st.AdjustmentsCents,
		PayoutsCents:     st.PayoutsCents,
		ClosingCents:     st.ClosingCents,
		Currency:         st.Currency,
		CreatedAt:        timeNow(),
	})
	return n > 0, err
}
