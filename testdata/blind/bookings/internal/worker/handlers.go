package worker

import (
	"context"
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"github.com/meridianrail/bookings/internal/jobs"
)

// SettlementRunner runs nightly settlement.
type SettlementRunner interface {
	RunNightly(ctx context.Context, businessDate time.Time) error
}

// HoldExpirer expires seat holds.
type HoldExpirer interface {
	Expire(ctx context.Context, holdID string) error
}

// SMSDispatcher delivers queued SMS notifications.
type SMSDispatcher interface {
	SendSMS(ctx context.Context, notificationID string) error
}

// DisplayPusher pushes seat maps to a station display.
type DisplayPusher interface {
	Push(ctx context.Context, p jobs.DisplayPushPayload) error
}

// TierCalculator recomputes loyalty tiers.
type TierCalculator interface {
	RecalculateTier(ctx context.Context, memberID, period string) error
}

// TicketReissuer reissues tickets.
type TicketReissuer interface {
	Reissue(ctx context.Context, ticketNumber, reason string, seats []string) error
}

// PaymentCapturer captures payments.
type PaymentCapturer interface {
	Capture(ctx context.Context, paymentID string) error
}

// Handlers adapts tasks to service calls.
type Handlers struct {
	Settlement SettlementRunner
	Holds      HoldExpirer
	SMS        SMSDispatcher
	Displays   DisplayPusher
	Tiers      TierCalculator
	Tickets    TicketReissuer
	Payments   PaymentCapturer
	Location   *time.Location
}

// Routes is the task registration table.
func (h *Handlers) Routes() []Route {
	return []Route{
		{Type: jobs.TypeSettlementNightly, Handler: h.settlementNightly},
		{Type: jobs.TypeHoldExpire, Handler: h.holdExpire},
		{Type: jobs.TypeNotifySMS, Handler: h.notifySMS},
		{Type: jobs.TypeDisplayPush, Handler: h.displayPush},
		{Type: jobs.TypeLoyaltyTierRecalc, Handler: h.tierRecalc},
		{Type: jobs.TypeTicketReissue, Handler: h.ticketReissue},
		{Type: jobs.TypePaymentCapture, Handler: h.paymentCapture},
	}
}

func (h *Handlers) settlementNightly(ctx context.Context, t *asynq.Task) error {
	p, err := jobs.Decode[jobs.SettlementPayload](t)
	if err != nil {
		return err
	}
	var day time.Time
	if p.BusinessDate == "" {
		// Cron-scheduled run: settle yesterday in the operator's timezone.
		y := time.Now().In(h.Location).AddDate(0, 0, -1)
		day = time.Date(y.Year(), y.Month(), y.Day(), 0, 0, 0, 0, time.UTC)
	} else if day, err = time.Parse("2006-01-02", p.BusinessDate); err != nil {
		return fmt.Errorf("business date %q: %v: %w", p.BusinessDate, err, asynq.SkipRetry)
	}
	return h.Settlement.RunNightly(ctx, day)
}

func (h *Handlers) holdExpire(ctx context.Context, t *asynq.Task) error {
	p, err := jobs.Decode[jobs.HoldExpirePayload](t)
	if err != nil {
		return err
	}
	return h.Holds.Expire(ctx, p.HoldID)
}

func (h *Handlers) notifySMS(ctx context.Context, t *asynq.Task) error {
	p, err := jobs.Decode[jobs.NotifySMSPayload](t)
	if err != nil {
		return err
	}
	return h.SMS.SendSMS(ctx, p.NotificationID)
}

func (h *Handlers) displayPush(ctx context.Context, t *asynq.Task) error {
	p, err := jobs.Decode[jobs.DisplayPushPayload](t)
	if err != nil {
		return err
	}
	return h.Displays.Push(ctx, p)
}

func (h *Handlers) tierRecalc(ctx context.Context, t *asynq.Task) error {
	p, err := jobs.Decode[jobs.TierRecalcPayload](t)
	if err != nil {
		return err
	}
	return h.Tiers.RecalculateTier(ctx, p.MemberID, p.Period)
}

func (h *Handlers) ticketReissue(ctx context.Context, t *asynq.Task) error {
	p, err := jobs.Decode[jobs.ReissuePayload](t)
	if err != nil {
		return err
	}
	return h.Tickets.Reissue(ctx, p.TicketNumber, p.Reason, p.Seats)
}

func (h *Handlers) paymentCapture(ctx context.Context, t *asynq.Task) error {
	p, err := jobs.Decode[jobs.CapturePayload](t)
	if err != nil {
		return err
	}
	return h.Payments.Capture(ctx, p.PaymentID)
}
