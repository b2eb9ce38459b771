package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/saltline-charters/charterhub/internal/ids"
	"github.com/saltline-charters/charterhub/internal/payments"
	"github.com/saltline-charters/charterhub/internal/store"
)

// Billing records post-trip fees and settles them against the customer's
// card, and invoices marinas for harbour dues.
type Billing struct {
	q   store.Querier
	tx  TxRunner
	pay PaymentGateway
	cfg Settings
	now Clock
	log *slog.Logger
}

func NewBilling(q store.Querier, tx TxRunner, pay PaymentGateway, cfg Settings, now Clock, log *slog.Logger) *Billing {
	return &Billing{q: q, tx: tx, pay: pay, cfg: cfg, now: now, log: log}
}

type FeeLine struct {
	Type        string
	AmountCents int64
}

var feeTypes = map[string]bool{"fuel": true, "harbour": true, "cleaning": true}

// RecordFees sets the fuel/harbour/cleaning amounts the skipper reports
// after a trip. Amounts can be corrected until the fees are settled.
func (s *Billing) RecordFees(ctx context.Context, bookingID, requestKey string, lines []FeeLine) ([]store.TripCharge, error) {
	for _, l := range lines {
		if !feeTypes[l.Type] {
			return nil, invalid("unknown fee type %q", l.Type)
		}
		if l.AmountCents < 0 {
			return nil, invalid("negative %s fee", l.Type)
		}
	}
	return InTxResult(ctx, s.tx, func(q store.Querier) ([]store.TripCharge, error) {
		b, err := q.GetBookingForUpdate(ctx, bookingID)
		if err != nil {
			return nil, notFound("booking", err)
		}
		out := make([]store.TripCharge, 0, len(lines))
		for _, l := range lines {
			c, err := q.UpsertTripCharge(ctx, store.UpsertTripChargeParams{
				ID:          ids.New("chg"),
				BookingID:   b.ID,
				ChargeType:  l.Type,
				AmountCents: l.AmountCents,
				RequestKey:  requestKey,
			})
			if store.IsNotFound(err) {
				return nil, precondition("%s fee for %s has already been billed", l.Type, b.ID)
			}
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
		return out, nil
	})
}

type SettleReport struct {
	Settled  int
	Declined int
	Cents    int64
}

// SettleFees charges every completed trip's outstanding fees.
func (s *Billing) SettleFees(ctx context.Context, batch int32) (SettleReport, error) {
	var rep SettleReport
	pending, err := s.q.ListUnbilledCharges(ctx, batch)
	if err != nil {
		return rep, err
	}
	for _, p := range pending {
		if p.AmountCents == 0 {
			continue
		}
		settlementID := ids.Derive("settlement", p.ChargeIDs...)

		charge, err := s.pay.CreateCharge(ctx, payments.ChargeParams{
			CustomerRef: p.PaymentRef,
			AmountCents: p.AmountCents,
			Currency:    s.cfg.Currency,
			Description: "Fuel and harbour fees",
			Capture:     true,
			Metadata:    map[string]string{"booking_id": p.BookingID, "settlement_id": settlementID},
		})
		var perr *payments.Error
		if errors.As(err, &perr) && perr.Declined() {
			s.log.WarnContext(ctx, "fee settlement declined", "booking_id", p.BookingID, "code", perr.Code)
			rep.Declined++
			continue
		}
		if err != nil {
			return rep, fmt.Errorf("settle %s: %w", p.BookingID, err)
		}

		err = s.tx.InTx(ctx, func(q store.Querier) error {
			if err := q.InsertSettlement(ctx, settlementID, p.BookingID, charge.ID, p.AmountCents); err != nil {
				return err
			}
			_, err := q.MarkChargesBilled(ctx, p.ChargeIDs, settlementID, s.now())
			return err
		})
		if err != nil {
			return rep, fmt.Errorf("record settlement %s: %w", settlementID, err)
		}
		rep.Settled++
		rep.Cents += p.AmountCents
	}
	return rep, nil
}

// InvoiceHarbourDues writes one invoice per marina for the calendar month
// containing period.
func (s *Billing) InvoiceHarbourDues(ctx context.Context, period time.Time) (int, error) {
	from := time.Date(period.Year(), period.Month(), 1, 0, 0, 0, 0, time.UTC)
	to := from.AddDate(0, 1, 0)
	label := from.Format("2006-01")

	totals, err := s.q.MarinaBerthTotals(ctx, from, to)
	if err != nil {
		return 0, err
	}
	written := 0
	for _, t := range totals {
		err := s.q.InsertHarbourInvoice(ctx, store.InsertHarbourInvoiceParams{
			ID:          ids.New("hinv"),
			MarinaID:    t.MarinaID,
			Period:      label,
			AmountCents: t.AmountCents,
			BerthCount:  t.BerthCount,
		})
		if err != nil {
			return written, fmt.Errorf("invoice %s %s: %w", t.MarinaID, label, err)
		}
		written++
	}
	return written, nil
}
