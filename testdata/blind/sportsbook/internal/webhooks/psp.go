package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/kickoffbet/sportsbook/internal/payments"
)

// PSP event envelope.
type pspEvent struct {
	ID      string    `json:"id"`
	Type    string    `json:"type"`
	Created time.Time `json:"created"`
	Data    struct {
		Payment struct {
			ID                string `json:"id"`
			Status            string `json:"status"`
			Amount            int64  `json:"amount"`
			Currency          string `json:"currency"`
			MerchantReference string `json:"merchant_reference"`
			DeclineCode       string `json:"decline_code"`
		} `json:"payment"`
		Chargeback struct {
			ID         string `json:"id"`
			PaymentID  string `json:"payment_id"`
			Amount     int64  `json:"amount"`
			ReasonCode string `json:"reason_code"`
		} `json:"chargeback"`
	} `json:"data"`
}

// ConversionReporter reports deposits to the affiliate platform.
type ConversionReporter interface {
	ReportDeposit(ctx context.Context, d *payments.Deposit) error
}

type pspHandler func(ctx context.Context, evt *pspEvent) error

// PSPReceiver handles POST /webhooks/psp. The PSP retries any delivery that
// does not get a 2xx, with backoff, for three days.
type PSPReceiver struct {
	payments    payments.Service
	conversions ConversionReporter
	secret      []byte
	log         *slog.Logger
	handlers    map[string]pspHandler
}

// NewPSPReceiver wires the handler table.
func NewPSPReceiver(p payments.Service, conv ConversionReporter, secret []byte, log *slog.Logger) *PSPReceiver {
	r := &PSPReceiver{payments: p, conversions: conv, secret: secret, log: log}
	r.handlers = map[string]pspHandler{
		"payment.succeeded":  r.onPaymentSucceeded,
		"payment.failed":     r.onPaymentFailed,
		"payment.chargeback": r.onChargeback,
	}
	return r
}

// ServeHTTP implements http.Handler.
func (rc *PSPReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		reply(w, http.StatusBadRequest, "unreadable body")
		return
	}
	if err := verifyPSP(rc.secret, r.Header.Get("PSP-Signature"), body, time.Now()); err != nil {
		reply(w, http.StatusUnauthorized, "bad signature")
		return
	}
	var evt pspEvent
	if err := json.Unmarshal(body, &evt); err != nil {
		reply(w, http.StatusBadRequest, "bad payload")
		return
	}
	h, ok := rc.handlers[evt.Type]
	if !ok {
		reply(w, http.StatusOK, "ignored")
		return
	}
	if err := h(r.Context(), &evt); err != nil {
		rc.log.Error("psp webhook failed", "event", evt.ID, "type", evt.Type, "err", err)
		reply(w, http.StatusInternalServerError, "retry later")
		return
	}
	reply(w, http.StatusOK, "ok")
}

func (rc *PSPReceiver) onPaymentSucceeded(ctx context.Context, evt *pspEvent) error {
	p := evt.Data.Payment
	dep, err := rc.payments.Get(ctx, p.MerchantReference)
	if errors.Is(err, payments.ErrDepositNotFound) {
		rc.log.Warn("payment for unknown deposit", "payment", p.ID, "reference", p.MerchantReference)
		return nil
	}
	if err != nil {
		return err
	}
	if !dep.Open() {
		return nil
	}
	if err := rc.conversions.ReportDeposit(ctx, dep); err != nil {
		rc.log.Warn("affiliate postback failed", "deposit", dep.ID, "err", err)
	}
	_, err = rc.payments.Confirm(ctx, dep.ID, p.ID, p.Amount)
	return err
}

func (rc *PSPReceiver) onPaymentFailed(ctx context.Context, evt *pspEvent) error {
	p := evt.Data.Payment
	_, err := rc.payments.Fail(ctx, p.MerchantReference, p.DeclineCode)
	if errors.Is(err, payments.ErrDepositNotFound) {
		return nil
	}
	return err
}

func (rc *PSPReceiver) onChargeback(ctx context.Context, evt *pspEvent) error {
	cb := evt.Data.Chargeback
	return rc.payments.RecordChargeback(ctx, payments.Chargeback{
		PSPChargebackID: cb.ID,
		PSPPaymentID:    cb.PaymentID,
		Amount:          cb.Amount,
		ReasonCode:      cb.ReasonCode,
	})
}
