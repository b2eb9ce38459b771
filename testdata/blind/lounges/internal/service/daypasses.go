package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/aerolounge/loungepass/internal/domain"
	"github.com/aerolounge/loungepass/internal/provider/payments"
)

type BuyDayPassInput struct {
	MemberID      uuid.UUID
	LoungeCode    string
	PurchaseRef   string
	VisitDate     time.Time
	FlightNumber  string
	PaymentMethod string
}

type FlightDisruption struct {
	FlightNumber       string    `json:"flight_number"`
	FlightDate         time.Time `json:"flight_date"`
	Status             string    `json:"status"` // delayed | cancelled | diverted
	EstimatedDeparture time.Time `json:"estimated_departure"`
}

type DayPassService interface {
	Buy(ctx context.Context, in BuyDayPassInput) (domain.DayPass, error)
	RequestRefund(ctx context.Context, passID uuid.UUID, reason string) (domain.Refund, error)
	ProcessRefund(ctx context.Context, refundID uuid.UUID) error
	ExpireStale(ctx context.Context) (int64, error)
	ApplyDisruption(ctx context.Context, d FlightDisruption) (int64, error)
}

type dayPassService struct {
	members  MemberStore
	passes   DayPassStore
	refunds  RefundStore
	catalog  Catalog
	payments PaymentGateway
	queue    TaskQueue
	now      NowFunc
	log      *slog.Logger
	// dwell is how long after the scheduled departure a pass stays valid.
	dwell time.Duration
}

func NewDayPassService(members MemberStore, passes DayPassStore, refunds RefundStore, catalog Catalog, pay PaymentGateway, queue TaskQueue, now NowFunc, log *slog.Logger) DayPassService {
	return &dayPassService{
		members: members, passes: passes, refunds: refunds, catalog: catalog,
		payments: pay, queue: queue, now: now, log: log, dwell: 3 * time.Hour,
	}
}

// Buy sells a day pass. The client's purchase_ref identifies the purchase;
// a repeated purchase_ref returns the same pass and the same PaymentIntent.
func (s *dayPassService) Buy(ctx context.Context, in BuyDayPassInput) (domain.DayPass, error) {
	if in.PurchaseRef == "" {
		return domain.DayPass{}, fmt.Errorf("purchase_ref is required: %w", domain.ErrValidation)
	}
	member, err := s.members.Get(ctx, in.MemberID)
	if err != nil {
		return domain.DayPass{}, err
	}
	lounge, err := s.catalog.LoungeByCode(ctx, in.LoungeCode)
	if err != nil {
		return domain.DayPass{}, err
	}
	from, until := passWindow(lounge, in.VisitDate)
	pass := domain.DayPass{
		ID:          uuid.New(),
		MemberID:    &member.ID,
		LoungeID:    lounge.ID,
		PurchaseRef: in.PurchaseRef,
		PriceCents:  lounge.DayPassPriceCents,
		Currency:    lounge.Currency,
		ValidFrom:   from,
		ValidUntil:  until,
	}
	if in.FlightNumber != "" {
		fn := strings.ToUpper(strings.ReplaceAll(in.FlightNumber, " ", ""))
		fd := in.VisitDate
		pass.FlightNumber, pass.FlightDate = &fn, &fd
	}
	stored, _, err := s.passes.InsertPending(ctx, pass)
	if err != nil {
		return domain.DayPass{}, fmt.Errorf("store day pass: %w", err)
	}
	if stored.Status != domain.DayPassPending || stored.StripePaymentIntentID != nil {
		return stored, nil
	}
	req := payments.ChargeRequest{
		AmountCents:    stored.PriceCents,
		Currency:       stored.Currency,
		PaymentMethod:  in.PaymentMethod,
		Confirm:        in.PaymentMethod != "",
		Description:    "Day pass " + lounge.Name,
		Metadata:       map[string]string{"kind": "day_pass", "day_pass_id": stored.ID.String()},
		IdempotencyKey: "daypass:" + stored.ID.String(),
	}
	if member.StripeCustomerID != nil {
		req.CustomerID = *member.StripeCustomerID
	}
	charge, err := s.payments.CreatePaymentIntent(ctx, req)
	if err != nil {
		if errors.Is(err, payments.ErrCardDeclined) {
			_ = s.passes.MarkFailed(ctx, stored.ID)
		}
		return domain.DayPass{}, fmt.Errorf("charge day pass: %w", err)
	}
	return s.passes.AttachPayment(ctx, stored.ID, charge.PaymentIntentID, charge.Status == "succeeded")
}

// passWindow is the local calendar day of the visit, in UTC.
func passWindow(l domain.Lounge, day time.Time) (time.Time, time.Time) {
	loc, err := time.LoadLocation(l.Timezone)
	if err != nil {
		loc = time.UTC
	}
	start := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, loc)
	return start.UTC(), start.AddDate(0, 0, 1).UTC()
}

// RequestRefund records the refund and hands the Stripe call to the refund
// worker.
func (s *dayPassService) RequestRefund(ctx context.Context, passID uuid.UUID, reason string) (domain.Refund, error) {
	pass, err := s.passes.Get(ctx, passID)
	if err != nil {
		return domain.Refund{}, err
	}
	if pass.CorporateBatchID != nil {
		return domain.Refund{}, fmt.Errorf("corporate passes are credited on the account: %w", domain.ErrInvalidState)
	}
	if pass.StripePaymentIntentID == nil {
		return domain.Refund{}, fmt.Errorf("pass was never paid: %w", domain.ErrInvalidState)
	}
	ref, err := s.refunds.RequestForPass(ctx, domain.Refund{
		ID:          uuid.New(),
		DayPassID:   pass.ID,
		AmountCents: pass.PriceCents,
		Currency:    pass.Currency,
		Reason:      reason,
	})
	if err != nil {
		return domain.Refund{}, fmt.Errorf("request refund: %w", err)
	}
	if ref.Status == domain.RefundRequested {
		if err := s.queue.EnqueueRefund(ctx, ref.ID); err != nil {
			return ref, err
		}
	}
	return ref, nil
}

// ProcessRefund sends the refund to Stripe. The refund row is the durable
// record of the request; its ID is the Stripe idempotency key.
func (s *dayPassService) ProcessRefund(ctx context.Context, refundID uuid.UUID) error {
	ref, err := s.refunds.Get(ctx, refundID)
	if err != nil {
		return err
	}
	if ref.Status != domain.RefundRequested {
		return nil
	}
	pass, err := s.passes.Get(ctx, ref.DayPassID)
	if err != nil {
		return err
	}
	res, err := s.payments.Refund(ctx, payments.RefundRequest{
		PaymentIntentID: *pass.StripePaymentIntentID,
		AmountCents:     ref.AmountCents,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"refund_id": ref.ID.String(), "day_pass_id": pass.ID.String()},
		IdempotencyKey:  "refund:" + ref.ID.String(),
	})
	if err != nil {
		var declined = errors.Is(err, payments.ErrCardDeclined)
		if declined {
			return s.refunds.MarkFailed(ctx, ref.ID)
		}
		return err
	}
	if err := s.refunds.Complete(ctx, ref.ID, res.RefundID); err != nil {
		return fmt.Errorf("complete refund %s: %w", ref.ID, err)
	}
	s.log.InfoContext(ctx, "day pass refunded", "refund_id", ref.ID, "stripe_refund_id", res.RefundID)
	return nil
}

func (s *dayPassService) ExpireStale(ctx context.Context) (int64, error) {
	return s.passes.ExpireBefore(ctx, s.now())
}

// ApplyDisruption keeps passes for a delayed flight valid until the new
// departure plus the normal dwell time.
func (s *dayPassService) ApplyDisruption(ctx context.Context, d FlightDisruption) (int64, error) {
	if d.Status != "delayed" || d.EstimatedDeparture.IsZero() {
		return 0, nil
	}
	fn := strings.ToUpper(strings.ReplaceAll(d.FlightNumber, " ", ""))
	return s.passes.ExtendForFlight(ctx, fn, d.FlightDate, d.EstimatedDeparture.Add(s.dwell))
}
