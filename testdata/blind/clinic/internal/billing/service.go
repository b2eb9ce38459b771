package billing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/acme/clinic/internal/appointments"
	"github.com/acme/clinic/internal/config"
	"github.com/acme/clinic/internal/patients"
	"github.com/acme/clinic/internal/platform/events"
	"github.com/acme/clinic/internal/platform/gormrepo"
	"github.com/acme/clinic/internal/platform/ids"
	"github.com/acme/clinic/internal/provider/payments"
)

// Gateway is the Stripe surface billing needs.
type Gateway interface {
	CreateDeposit(ctx context.Context, req payments.DepositRequest) (*stripe.PaymentIntent, error)
	ChargeOffSession(ctx context.Context, req payments.ChargeRequest) (*stripe.PaymentIntent, error)
	Refund(ctx context.Context, req payments.RefundRequest) (*stripe.Refund, error)
}

type Service struct {
	store    *Store
	appts    appointments.Repository
	patients patients.Directory
	gateway  Gateway
	cfg      config.Config
	log      *slog.Logger
}

func NewService(store *Store, appts appointments.Repository, dir patients.Directory, gw Gateway, cfg config.Config, log *slog.Logger) *Service {
	return &Service{store: store, appts: appts, patients: dir, gateway: gw, cfg: cfg, log: log}
}

type DepositResult struct {
	PaymentAttemptID string `json:"payment_attempt_id"`
	ClientSecret     string `json:"client_secret"`
	Status           string `json:"status"`
}

// PayDeposit creates the deposit PaymentIntent. The attempt row (one per
// appointment and purpose) is committed first and its id is the Stripe
// idempotency key, so every retry maps to the same PaymentIntent.
func (s *Service) PayDeposit(ctx context.Context, appointmentID string) (DepositResult, error) {
	a, err := s.appts.Get(ctx, appointmentID)
	if err != nil {
		return DepositResult{}, err
	}
	if a.Status != appointments.StatusBooked || a.DepositCents <= 0 {
		return DepositResult{}, ErrNotPayable
	}
	bp, err := s.patients.Billing(ctx, a.PatientID)
	if err != nil {
		return DepositResult{}, err
	}

	attempt := PaymentAttempt{
		ID:            ids.NewUUID(),
		AppointmentID: a.ID,
		Purpose:       PurposeDeposit,
		AmountCents:   a.DepositCents,
		Currency:      s.cfg.Stripe.Currency,
		Status:        StatusPending,
	}
	if _, err := s.store.Attempts.CreateIfAbsent(ctx, &attempt, "appointment_id", "purpose"); err != nil {
		return DepositResult{}, err
	}
	attempt, err = s.store.Attempts.FindOne(ctx, "appointment_id = ? AND purpose = ?", a.ID, PurposeDeposit)
	if err != nil {
		return DepositResult{}, err
	}
	if attempt.Status == StatusSucceeded || attempt.ClientSecret != nil {
		return resultOf(attempt), nil
	}

	pi, err := s.gateway.CreateDeposit(ctx, payments.DepositRequest{
		CustomerID:     bp.StripeCustomerID,
		AmountCents:    attempt.AmountCents,
		IdempotencyKey: "deposit-" + attempt.ID,
		Metadata:       map[string]string{"payment_attempt_id": attempt.ID, "appointment_id": a.ID},
	})
	if err != nil {
		return DepositResult{}, fmt.Errorf("create payment intent: %w", err)
	}
	if err := s.store.Attempts.Update(ctx, attempt.ID, map[string]any{
		"provider_ref":  pi.ID,
		"client_secret": pi.ClientSecret,
		"status":        string(pi.Status),
	}); err != nil {
		return DepositResult{}, err
	}
	attempt.ClientSecret, attempt.Status = strPtr(pi.ClientSecret), string(pi.Status)
	return resultOf(attempt), nil
}

func resultOf(pa PaymentAttempt) DepositResult {
	r := DepositResult{PaymentAttemptID: pa.ID, Status: pa.Status}
	if pa.ClientSecret != nil {
		r.ClientSecret = *pa.ClientSecret
	}
	return r
}

// HandleStripeEvent applies a verified webhook event exactly once: the event
// id, the state change and the outgoing domain event share one transaction.
func (s *Service) HandleStripeEvent(ctx context.Context, ev stripe.Event) error {
	return s.store.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).
			Create(&StripeEvent{EventID: ev.ID, Type: string(ev.Type)})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			s.log.InfoContext(ctx, "stripe event already processed", "event_id", ev.ID)
			return nil
		}
		switch ev.Type {
		case stripe.EventTypePaymentIntentSucceeded:
			return s.onIntentSucceeded(ctx, tx, ev)
		case stripe.EventTypePaymentIntentPaymentFailed:
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
				return err
			}
			return tx.Model(&PaymentAttempt{}).Where("provider_ref = ?", pi.ID).
				Update("status", StatusFailed).Error
		default:
			return nil
		}
	})
}

func (s *Service) onIntentSucceeded(ctx context.Context, tx *gorm.DB, ev stripe.Event) error {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
		return err
	}
	var pa PaymentAttempt
	err := tx.Where("provider_ref = ?", pi.ID).First(&pa).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		// Off-session fees are tracked in no_show_fees, not payment_attempts.
		return nil
	}
	if err != nil {
		return err
	}
	if pa.Status == StatusSucceeded {
		return nil
	}
	if err := tx.Model(&pa).Update("status", StatusSucceeded).Error; err != nil {
		return err
	}
	return events.WriteGorm(tx, events.TopicPaymentSucceeded, events.PaymentSucceeded{
		PaymentAttemptID: pa.ID,
		AppointmentID:    pa.AppointmentID,
		Purpose:          pa.Purpose,
		AmountCents:      pa.AmountCents,
		ProviderRef:      pi.ID,
	})
}

type AdminRefundInput struct {
	PaymentAttemptID string `json:"payment_attempt_id"`
	AmountCents      int64  `json:"amount_cents"`
	RequestID        string `json:"request_id"`
	Reason           string `json:"reason"`
}

// AdminRefund issues a goodwill/manual refund. The refund row is keyed by
// (payment_attempt_id, request_id) and committed before Stripe is called; its
// id is the Stripe idempotency key.
func (s *Service) AdminRefund(ctx context.Context, in AdminRefundInput) (Refund, error) {
	if in.RequestID == "" || in.AmountCents <= 0 {
		return Refund{}, fmt.Errorf("request_id and a positive amount are required")
	}
	pa, err := s.store.Attempts.Get(ctx, in.PaymentAttemptID)
	if err != nil {
		return Refund{}, err
	}
	if pa.Status != StatusSucceeded || pa.ProviderRef == nil {
		return Refund{}, ErrNotPayable
	}
	rf := Refund{
		ID:               ids.NewUUID(),
		PaymentAttemptID: pa.ID,
		RequestID:        in.RequestID,
		AmountCents:      in.AmountCents,
		Status:           StatusPending,
		Reason:           in.Reason,
	}
	if _, err := s.store.Refunds.CreateIfAbsent(ctx, &rf, "payment_attempt_id", "request_id"); err != nil {
		return Refund{}, err
	}
	if rf, err = s.store.Refunds.FindOne(ctx, "payment_attempt_id = ? AND request_id = ?", pa.ID, in.RequestID); err != nil {
		return Refund{}, err
	}
	if rf.Status == StatusSucceeded {
		return rf, nil
	}
	r, err := s.gateway.Refund(ctx, payments.RefundRequest{
		PaymentIntentID: *pa.ProviderRef,
		AmountCents:     rf.AmountCents,
		Reason:          string(stripe.RefundReasonRequestedByCustomer),
		IdempotencyKey:  "refund-" + rf.ID,
		Metadata:        map[string]string{"refund_id": rf.ID},
	})
	if err != nil {
		return rf, fmt.Errorf("stripe refund: %w", err)
	}
	rf.Status, rf.ProviderRef = StatusSucceeded, strPtr(r.ID)
	return rf, s.store.Refunds.Save(ctx, &rf)
}

// IsNotFound maps repository misses.
func IsNotFound(err error) bool {
	return errors.Is(err, gormrepo.ErrNotFound) || errors.Is(err, appointments.ErrNotFound)
}

// Payments is the application API used by the HTTP layer.
type Payments interface {
	PayDeposit(ctx context.Context, appointmentID string) (DepositResult, error)
	HandleStripeEvent(ctx context.Context, ev stripe.Event) error
}

type Handler struct {
	svc           Payments
	webhookSecret string
	verify        func(payload []byte, sig, secret string) (stripe.Event, error)
}

func NewHandler(svc Payments, cfg config.Config) *Handler {
	return &Handler{
		svc:           svc,
		webhookSecret: cfg.Stripe.WebhookSecret,
		verify:        webhook.ConstructEvent,
	}
}

func (h *Handler) RegisterPublic(r gin.IRouter) {
	r.POST("/v1/appointments/:id/deposit", h.deposit)
	r.POST("/webhooks/stripe", h.stripeWebhook)
}

func (h *Handler) deposit(c *gin.Context) {
	res, err := h.svc.PayDeposit(c.Request.Context(), c.Param("id"))
	switch {
	case err == nil:
		c.JSON(http.StatusOK, res)
	case IsNotFound(err):
		c.JSON(http.StatusNotFound, gin.H{"error": err.Error()})
	case errors.Is(err, ErrNotPayable):
		c.JSON(http.StatusConflict, gin.H{"error": err.Error()})
	default:
		_ = c.Error(err)
		c.JSON(http.StatusBadGateway, gin.H{"error": "payment provider error"})
	}
}

func (h *Handler) stripeWebhook(c *gin.Context) {
	payload, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
	if err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	ev, err := h.verify(payload, c.GetHeader("Stripe-Signature"), h.webhookSecret)
	if err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "invalid signature"})
		return
	}
	if err := h.svc.HandleStripeEvent(c.Request.Context(), ev); err != nil {
		_ = c.Error(err)
		// Non-2xx makes Stripe redeliver the event.
		c.Status(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusOK)
}
