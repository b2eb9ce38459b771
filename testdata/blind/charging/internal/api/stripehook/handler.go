// Package stripehook receives Stripe webhook events for PaymentIntents
// created by the charging flows.
package stripehook

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/voltway/charging/internal/notify"
	"github.com/voltway/charging/internal/platform/apigw"
	"github.com/voltway/charging/internal/platform/dbutil"
	"github.com/voltway/charging/internal/platform/ddbstore"
	"github.com/voltway/charging/internal/platform/logx"
	"github.com/voltway/charging/internal/session"
)

// EventClaimer records that a Stripe event has been handled.
type EventClaimer interface {
	Claim(ctx context.Context, key string, attrs map[string]string) error
}

// PushQueue queues push notifications.
type PushQueue interface {
	Push(ctx context.Context, job notify.PushJob) error
}

// Handler processes Stripe webhooks.
type Handler struct {
	db      *sql.DB
	repo    *session.Repo
	claims  EventClaimer
	push    PushQueue
	secret  string
	actions map[stripe.EventType]func(context.Context, *sql.Tx, stripe.PaymentIntent) (*notify.PushJob, error)
}

// New wires the webhook handler.
func New(db *sql.DB, repo *session.Repo, claims EventClaimer, push PushQueue, secret string) *Handler {
	h := &Handler{db: db, repo: repo, claims: claims, push: push, secret: secret}
	h.actions = map[stripe.EventType]func(context.Context, *sql.Tx, stripe.PaymentIntent) (*notify.PushJob, error){
		stripe.EventTypePaymentIntentAmountCapturableUpdated: h.onAuthorized,
		stripe.EventTypePaymentIntentPaymentFailed:           h.onFailed,
		stripe.EventTypePaymentIntentCanceled:                h.onCanceled,
	}
	return h
}

// Handle is the API Gateway entry point for POST /webhooks/stripe.
func (h *Handler) Handle(ctx context.Context, req apigw.Request) (apigw.Response, error) {
	ev, err := webhook.ConstructEventWithOptions([]byte(req.Body), apigw.Header(req, "Stripe-Signature"), h.secret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return apigw.JSON(http.StatusBadRequest, apigw.ErrorBody{Code: "bad_signature", Message: err.Error()}), nil
	}
	log := logx.From(ctx).With("stripe_event", ev.ID, "type", ev.Type)
	action, ok := h.actions[ev.Type]
	if !ok {
		return apigw.JSON(http.StatusOK, map[string]string{"status": "ignored"}), nil
	}
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
		return apigw.JSON(http.StatusBadRequest, apigw.ErrorBody{Code: "bad_payload", Message: err.Error()}), nil
	}
	if pi.Metadata["session_id"] == "" {
		return apigw.JSON(http.StatusOK, map[string]string{"status": "not_a_session"}), nil
	}

	if err := h.claims.Claim(ctx, "stripe-event#"+ev.ID, map[string]string{"type": string(ev.Type)}); err != nil {
		if errors.Is(err, ddbstore.ErrAlreadyClaimed) {
			log.Info("duplicate stripe event")
			return apigw.JSON(http.StatusOK, map[string]string{"status": "duplicate"}), nil
		}
		return apigw.Response{}, err
	}

	var job *notify.PushJob
	err = dbutil.WithTx(ctx, h.db, func(tx *sql.Tx) error {
		var err error
		job, err = action(ctx, tx, pi)
		return err
	})
	if err != nil {
		return apigw.Response{}, fmt.Errorf("apply %s: %w", ev.Type, err)
	}
	if job != nil {
		if err := h.push.Push(ctx, *job); err != nil {
			log.Warn("push not queued", "err", err)
		}
	}
	return apigw.JSON(http.StatusOK, map[string]string{"status": "processed"}), nil
}

func (h *Handler) onAuthorized(ctx context.Context, tx *sql.Tx, pi stripe.PaymentIntent) (*notify.PushJob, error) {
	s, err := h.repo.GetForUpdate(ctx, tx, pi.Metadata["session_id"])
	if err != nil {
		return nil, err
	}
	if s.Status != session.StatusPendingAuth {
		return nil, nil
	}
	if err := h.repo.MarkAuthorized(ctx, tx, s.ID, pi.ID); err != nil {
		return nil, err
	}
	return &notify.PushJob{DriverID: s.DriverID.String, Kind: "hold_authorized", SessionID: s.ID,
		Title: "Ready to charge", Body: "Your card is authorised. Plug in to start charging."}, nil
}

func (h *Handler) onFailed(ctx context.Context, tx *sql.Tx, pi stripe.PaymentIntent) (*notify.PushJob, error) {
	s, err := h.repo.GetForUpdate(ctx, tx, pi.Metadata["session_id"])
	if err != nil {
		return nil, err
	}
	changed, err := h.repo.Transition(ctx, tx, s.ID, session.StatusFailed, session.StatusPendingAuth, session.StatusAuthorized)
	if err != nil || !changed {
		return nil, err
	}
	return &notify.PushJob{DriverID: s.DriverID.String, Kind: "hold_failed", SessionID: s.ID,
		Title: "Payment problem", Body: "We couldn't authorise your card. Please update your payment method."}, nil
}

func (h *Handler) onCanceled(ctx context.Context, tx *sql.Tx, pi stripe.PaymentIntent) (*notify.PushJob, error) {
	_, err := h.repo.Transition(ctx, tx, pi.Metadata["session_id"], session.StatusCancelled, session.StatusAuthorized, session.StatusPendingAuth)
	return nil, err
}
