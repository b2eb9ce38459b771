// Package payout computes and pays out restaurants' weekly earnings.
package payout

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/tablewise/reservations/internal/db"
	"github.com/tablewise/reservations/internal/ids"
	"github.com/tablewise/reservations/internal/payments"
	"github.com/tablewise/reservations/internal/pgconv"
	"github.com/tablewise/reservations/internal/sms"
	"github.com/tablewise/reservations/internal/store"
	"github.com/tablewise/reservations/internal/webhooks"
)

const period = 7 * 24 * time.Hour

var (
	ErrNotFound      = errors.New("payout: not found")
	ErrNoAccount     = errors.New("payout: restaurant has no payout account")
	ErrZeroAmount    = errors.New("payout: adjustment amount must be non-zero")
	ErrNotTransfered = errors.New("payout: payout has not been transferred")
)

// Service covers adjustments (HTTP) and the weekly payout steps (Temporal).
type Service interface {
	AddAdjustment(ctx context.Context, in AdjustmentInput) (db.PayoutAdjustment, error)
	Compute(ctx context.Context, restaurantID string, periodStart time.Time) (db.Payout, error)
	Transfer(ctx context.Context, payoutID string) (db.Payout, error)
	Settle(ctx context.Context, payoutID string) error
	NotifyRestaurant(ctx context.Context, payoutID string) error
	SendStatement(ctx context.Context, payoutID string) error
}

type AdjustmentInput struct {
	RestaurantID string
	AmountCents  int64
	Reason       string
	Actor        string
}

type service struct {
	st    *store.Store
	gw    payments.Gateway
	hooks webhooks.Poster
	sms   sms.Sender
	log   *slog.Logger
}

func New(st *store.Store, gw payments.Gateway, hooks webhooks.Poster, sender sms.Sender, log *slog.Logger) Service {
	return &service{st: st, gw: gw, hooks: hooks, sms: sender, log: log.With("component", "payout")}
}

// AddAdjustment records a manual credit or debit applied to the restaurant's
// next payout.
func (s *service) AddAdjustment(ctx context.Context, in AdjustmentInput) (db.PayoutAdjustment, error) {
	if in.AmountCents == 0 {
		return db.PayoutAdjustment{}, ErrZeroAmount
	}
	if _, err := s.st.GetRestaurant(ctx, in.RestaurantID); err != nil {
		if store.IsNotFound(err) {
			return db.PayoutAdjustment{}, ErrNotFound
		}
		return db.PayoutAdjustment{}, err
	}
	return s.st.InsertPayoutAdjustment(ctx, db.InsertPayoutAdjustmentParams{
		ID:           ids.New(ids.PrefixAdjustment),
		RestaurantID: in.RestaurantID,
		AmountCents:  in.AmountCents,
		Reason:       in.Reason,
		CreatedBy:    in.Actor,
	})
}

// Compute totals the week's earnings, platform fee and adjustments into a
// payout row and attaches the contributing rows to it.
func (s *service) Compute(ctx context.Context, restaurantID string, periodStart time.Time) (db.Payout, error) {
	start := periodStart.UTC().Truncate(24 * time.Hour)
	end := start.Add(period)
	return store.InTx(ctx, s.st, func(q *db.Queries) (db.Payout, error) {
		r, err := q.GetRestaurant(ctx, restaurantID)
		if err != nil {
			return db.Payout{}, err
		}
		earnings, err := q.SumUnpaidEarnings(ctx, db.SumUnpaidEarningsParams{
			RestaurantID: restaurantID,
			CreatedAt:    pgconv.Time(end),
		})
		if err != nil {
			return db.Payout{}, err
		}
		spend, err := q.SumSpendForPeriod(ctx, db.SumSpendForPeriodParams{
			RestaurantID: restaurantID,
			ClosedAt:     pgconv.Time(start),
			ClosedAt_2:   pgconv.Time(end),
		})
		if err != nil {
			return db.Payout{}, err
		}
		adjustments, err := q.SumOpenAdjustments(ctx, restaurantID)
		if err != nil {
			return db.Payout{}, err
		}
		fee := commission(spend, r.PlatformFeeBps)
		net := earnings - fee + adjustments

		p, err := q.InsertPayout(ctx, db.InsertPayoutParams{
			ID:               ids.New(ids.PrefixPayout),
			RestaurantID:     restaurantID,
			PeriodStart:      pgconv.Date(start),
			PeriodEnd:        pgconv.Date(end),
			GrossCents:       earnings,
			FeeCents:         fee,
			AdjustmentsCents: adjustments,
			NetCents:         net,
			Currency:         r.Currency,
		})
		if err != nil {
			return db.Payout{}, fmt.Errorf("payout: insert: %w", err)
		}
		if err := q.AttachOpenAdjustments(ctx, db.AttachOpenAdjustmentsParams{
			RestaurantID: restaurantID,
			PayoutID:     pgconv.Text(p.ID),
		}); err != nil {
			return db.Payout{}, err
		}
		if err := q.AttachUnpaidEarnings(ctx, db.AttachUnpaidEarningsParams{
			RestaurantID: restaurantID,
			PayoutID:     pgconv.Text(p.ID),
			CreatedAt:    pgconv.Time(end),
		}); err != nil {
			return db.Payout{}, err
		}
		return p, nil
	})
}

// commission is the platform fee on POS-reported spend, in basis points.
func commission(spendCents int64, bps int32) int64 {
	return spendCents * int64(bps) / 10_000
}

// Transfer moves the payout's net amount to the restaurant's connected
// account. The payout row's ID is the transfer's idempotency key.
func (s *service) Transfer(ctx context.Context, payoutID string) (db.Payout, error) {
	p, err := s.st.GetPayout(ctx, payoutID)
	if store.IsNotFound(err) {
		return db.Payout{}, ErrNotFound
	}
	if err != nil {
		return db.Payout{}, err
	}
	if p.Status != "computed" {
		return p, nil
	}
	r, err := s.st.GetRestaurant(ctx, p.RestaurantID)
	if err != nil {
		return db.Payout{}, err
	}
	if !r.StripeAccountID.Valid {
		return db.Payout{}, ErrNoAccount
	}
	tr, err := s.gw.Transfer(ctx, payments.TransferRequest{
		AmountCents:        p.NetCents,
		Currency:           p.Currency,
		DestinationAccount: r.StripeAccountID.String,
		TransferGroup:      p.ID,
	},
		payments.WithIdempotencyKey(payments.Key("payout", p.ID)),
		payments.WithDescription(fmt.Sprintf("Tablewise payout %s", p.PeriodStart.Time.Format("2006-01-02"))),
	)
	if err != nil {
		return db.Payout{}, err
	}
	if err := s.st.MarkPayoutTransferred(ctx, db.MarkPayoutTransferredParams{
		ID:               p.ID,
		StripeTransferID: pgconv.Text(tr.TransferID),
	}); err != nil {
		return db.Payout{}, err
	}
	p.Status = "transferred"
	p.StripeTransferID = pgconv.Text(tr.TransferID)
	return p, nil
}

// Settle moves the paid amount from pending to paid-out and books the ledger
// entry for it.
func (s *service) Settle(ctx context.Context, payoutID string) error {
	p, err := s.st.MarkPayoutPaid(ctx, payoutID)
	if store.IsNotFound(err) {
		s.log.InfoContext(ctx, "payout already settled or not transferred", "payout_id", payoutID)
		return nil
	}
	if err != nil {
		return err
	}
	if err := s.st.SettleRestaurantBalance(ctx, db.SettleRestaurantBalanceParams{
		RestaurantID: p.RestaurantID,
		PendingCents: p.NetCents,
	}); err != nil {
		return fmt.Errorf("payout: settle balance: %w", err)
	}
	if err := s.st.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
		ID:           ids.New(ids.PrefixLedger),
		RestaurantID: p.RestaurantID,
		PayoutID:     pgconv.Text(p.ID),
		Kind:         "payout",
		AmountCents:  -p.NetCents,
	}); err != nil {
		return fmt.Errorf("payout: ledger: %w", err)
	}
	return nil
}

type payoutView struct {
	PayoutID    string `json:"payout_id"`
	PeriodStart string `json:"period_start"`
	PeriodEnd   string `json:"period_end"`
	GrossCents  int64  `json:"gross_cents"`
	FeeCents    int64  `json:"fee_cents"`
	Adjustments int64  `json:"adjustments_cents"`
	NetCents    int64  `json:"net_cents"`
	Currency    string `json:"currency"`
	TransferID  string `json:"transfer_id"`
}

func viewOf(p db.Payout) payoutView {
	return payoutView{
		PayoutID:    p.ID,
		PeriodStart: p.PeriodStart.Time.Format("2006-01-02"),
		PeriodEnd:   p.PeriodEnd.Time.Format("2006-01-02"),
		GrossCents:  p.GrossCents,
		FeeCents:    p.FeeCents,
		Adjustments: p.AdjustmentsCents,
		NetCents:    p.NetCents,
		Currency:    p.Currency,
		TransferID:  p.StripeTransferID.String,
	}
}

// NotifyRestaurant posts the payout.paid notification to the restaurant's
// configured endpoint.
func (s *service) NotifyRestaurant(ctx context.Context, payoutID string) error {
	p, err := s.st.GetPayout(ctx, payoutID)
	if err != nil {
		return err
	}
	if p.NotifiedAt.Valid {
		return nil
	}
	r, err := s.st.GetRestaurant(ctx, p.RestaurantID)
	if err != nil {
		return err
	}
	if r.WebhookUrl.Valid {
		n := webhooks.Notification{
			Type:       "payout.paid",
			OccurredAt: p.PaidAt.Time,
			Data:       viewOf(p),
		}
		if err := s.hooks.Post(ctx, r.WebhookUrl.String, r.WebhookSecret.String, n); err != nil {
			return fmt.Errorf("payout: notify %s: %w", r.ID, err)
		}
	}
	return s.st.MarkPayoutNotified(ctx, p.ID)
}

// SendStatement texts the restaurant manager a one-line payout summary.
func (s *service) SendStatement(ctx context.Context, payoutID string) error {
	p, err := s.st.GetPayout(ctx, payoutID)
	if err != nil {
		return err
	}
	if p.Status != "paid" {
		return ErrNotTransfered
	}
	r, err := s.st.GetRestaurant(ctx, p.RestaurantID)
	if err != nil {
		return err
	}
	body := fmt.Sprintf("Tablewise: payout of %s %.2f for week of %s is on its way (ref %s).",
		p.Currency, float64(p.NetCents)/100, p.PeriodStart.Time.Format("Jan 2"), p.ID)
	msg := sms.NewMessage(r.ManagerPhone).
		Text(body).
		Purpose("payout_statement").
		Ref(payments.Key("payout-statement", p.ID)).
		Build()
	_, err = s.sms.Send(ctx, msg)
	return err
}
