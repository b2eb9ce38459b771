package service

import (
	"context"
	"time"

	"github.com/hearthkit/commissary/internal/domain"
)

// Recorder receives one observation per service call.
type Recorder interface {
	ObserveCall(service, method string, elapsed time.Duration, err error)
}

func observe[T any](r Recorder, svc, method string, fn func() (T, error)) (T, error) {
	start := time.Now()
	v, err := fn()
	r.ObserveCall(svc, method, time.Since(start), err)
	return v, err
}

func observeErr(r Recorder, svc, method string, fn func() error) error {
	_, err := observe(r, svc, method, func() (struct{}, error) { return struct{}{}, fn() })
	return err
}

// Services is the full set of services.
type Services struct {
	Bookings      BookingService
	Deposits      DepositService
	Notifications NotificationService
	Cleaning      CleaningService
	Kitchens      KitchenService
	Payouts       PayoutService
	Webhooks      WebhookService
	Metering      MeteringService
}

// Instrumented is a Services whose every method records call metrics.
type Instrumented Services

// NewInstrumented decorates each service in s. Nil services stay nil.
func NewInstrumented(s Services, r Recorder) *Instrumented {
	out := &Instrumented{}
	if s.Bookings != nil {
		out.Bookings = bookingMetrics{s.Bookings, r}
	}
	if s.Deposits != nil {
		out.Deposits = depositMetrics{s.Deposits, r}
	}
	if s.Notifications != nil {
		out.Notifications = notificationMetrics{s.Notifications, r}
	}
	if s.Cleaning != nil {
		out.Cleaning = cleaningMetrics{s.Cleaning, r}
	}
	if s.Kitchens != nil {
		out.Kitchens = kitchenMetrics{s.Kitchens, r}
	}
	if s.Payouts != nil {
		out.Payouts = payoutMetrics{s.Payouts, r}
	}
	if s.Webhooks != nil {
		out.Webhooks = webhookMetrics{s.Webhooks, r}
	}
	if s.Metering != nil {
		out.Metering = meteringMetrics{s.Metering, r}
	}
	return out
}

type bookingMetrics struct {
	next BookingService
	rec  Recorder
}

func (m bookingMetrics) Create(ctx context.Context, in CreateBookingInput) (*domain.Booking, error) {
	return observe(m.rec, "booking", "create", func() (*domain.Booking, error) { return m.next.Create(ctx, in) })
}

func (m bookingMetrics) Cancel(ctx context.Context, id, reason string) (*domain.Booking, error) {
	return observe(m.rec, "booking", "cancel", func() (*domain.Booking, error) { return m.next.Cancel(ctx, id, reason) })
}

func (m bookingMetrics) Checkout(ctx context.Context, id string) (*domain.Booking, error) {
	return observe(m.rec, "booking", "checkout", func() (*domain.Booking, error) { return m.next.Checkout(ctx, id) })
}

func (m bookingMetrics) Extend(ctx context.Context, in ExtendBookingInput) (*ExtendResult, error) {
	return observe(m.rec, "booking", "extend", func() (*ExtendResult, error) { return m.next.Extend(ctx, in) })
}

func (m bookingMetrics) Complete(ctx context.Context, id string) error {
	return observeErr(m.rec, "booking", "complete", func() error { return m.next.Complete(ctx, id) })
}

type depositMetrics struct {
	next DepositService
	rec  Recorder
}

func (m depositMetrics) Authorize(ctx context.Context, bookingID string) error {
	return observeErr(m.rec, "deposit", "authorize", func() error { return m.next.Authorize(ctx, bookingID) })
}

func (m depositMetrics) RequestRelease(ctx context.Context, id, reason string) (*domain.Deposit, error) {
	return observe(m.rec, "deposit", "request_release", func() (*domain.Deposit, error) { return m.next.RequestRelease(ctx, id, reason) })
}

func (m depositMetrics) Release(ctx context.Context, id string) error {
	return observeErr(m.rec, "deposit", "release", func() error { return m.next.Release(ctx, id) })
}

func (m depositMetrics) FileDamageClaim(ctx context.Context, in DamageClaimInput) (*domain.DamageClaim, error) {
	return observe(m.rec, "deposit", "file_damage_claim", func() (*domain.DamageClaim, error) { return m.next.FileDamageClaim(ctx, in) })
}

func (m depositMetrics) CaptureDamage(ctx context.Context, claimID string) error {
	return observeErr(m.rec, "deposit", "capture_damage", func() error { return m.next.CaptureDamage(ctx, claimID) })
}

type notificationMetrics struct {
	next NotificationService
	rec  Recorder
}

func (m notificationMetrics) SendConfirmation(ctx context.Context, id string) error {
	return observeErr(m.rec, "notification", "confirmation", func() error { return m.next.SendConfirmation(ctx, id) })
}

func (m notificationMetrics) SendReminder(ctx context.Context, id string) error {
	return observeErr(m.rec, "notification", "reminder", func() error { return m.next.SendReminder(ctx, id) })
}

func (m notificationMetrics) SendReceipt(ctx context.Context, in ReceiptInput) error {
	return observeErr(m.rec, "notification", "receipt", func() error { return m.next.SendReceipt(ctx, in) })
}

type cleaningMetrics struct {
	next CleaningService
	rec  Recorder
}

func (m cleaningMetrics) DispatchTurnover(ctx context.Context, bookingID string) error {
	return observeErr(m.rec, "cleaning", "dispatch_turnover", func() error { return m.next.DispatchTurnover(ctx, bookingID) })
}

func (m cleaningMetrics) RequestDeepClean(ctx context.Context, in DeepCleanInput) (*domain.CleaningJob, error) {
	return observe(m.rec, "cleaning", "deep_clean", func() (*domain.CleaningJob, error) { return m.next.RequestDeepClean(ctx, in) })
}

type kitchenMetrics struct {
	next KitchenService
	rec  Recorder
}

func (m kitchenMetrics) UploadInspection(ctx context.Context, in InspectionUpload) (*domain.InspectionDocument, error) {
	return observe(m.rec, "kitchen", "upload_inspection", func() (*domain.InspectionDocument, error) { return m.next.UploadInspection(ctx, in) })
}

type payoutMetrics struct {
	next PayoutService
	rec  Recorder
}

func (m payoutMetrics) SetPayoutAccount(ctx context.Context, hostID, token, last4 string) (*domain.PayoutAccount, error) {
	return observe(m.rec, "payout", "set_account", func() (*domain.PayoutAccount, error) { return m.next.SetPayoutAccount(ctx, hostID, token, last4) })
}

func (m payoutMetrics) SchedulePeriod(ctx context.Context, start, end time.Time) (int, error) {
	return observe(m.rec, "payout", "schedule_period", func() (int, error) { return m.next.SchedulePeriod(ctx, start, end) })
}

func (m payoutMetrics) PayHost(ctx context.Context, id string) error {
	return observeErr(m.rec, "payout", "pay_host", func() error { return m.next.PayHost(ctx, id) })
}

type webhookMetrics struct {
	next WebhookService
	rec  Recorder
}

func (m webhookMetrics) HandlePaymentEvent(ctx context.Context, ev domain.PaymentEvent) error {
	return observeErr(m.rec, "webhook", ev.Type, func() error { return m.next.HandlePaymentEvent(ctx, ev) })
}

type meteringMetrics struct {
	next MeteringService
	rec  Recorder
}

func (m meteringMetrics) RecordReading(ctx context.Context, r MeterReading) error {
	return observeErr(m.rec, "metering", "reading", func() error { return m.next.RecordReading(ctx, r) })
}

func (m meteringMetrics) StartSession(ctx context.Context, messageID string, s SessionStarted) error {
	return observeErr(m.rec, "metering", "session_started", func() error { return m.next.StartSession(ctx, messageID, s) })
}

func (m meteringMetrics) CloseSession(ctx context.Context, s SessionClosed) error {
	return observeErr(m.rec, "metering", "session_closed", func() error { return m.next.CloseSession(ctx, s) })
}
