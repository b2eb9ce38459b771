package api

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/jackc/pgx/v5"

	"github.com/keystone-pm/rent/internal/config"
	"github.com/keystone-pm/rent/internal/db"
	"github.com/keystone-pm/rent/internal/httpx"
	"github.com/keystone-pm/rent/internal/provider/achpay"
	"github.com/keystone-pm/rent/internal/repo"
	"github.com/keystone-pm/rent/internal/service/payments"
	"github.com/keystone-pm/rent/internal/tasks"
)

// transferEventFunc applies one event type inside the webhook transaction.
// It may return a follow-up to run after the transaction commits.
type transferEventFunc func(ctx context.Context, tx pgx.Tx, p *repo.Payment, d achpay.TransferEventData) (afterCommit func(context.Context) error, err error)

// WebhooksHandler receives transfer status webhooks. The provider retries
// any delivery that does not get a 2xx within ten seconds.
type WebhooksHandler struct {
	db       *db.DB
	events   repo.EventStore
	payments repo.PaymentStore
	settle   *payments.Settler
	jobs     tasks.Enqueuer
	secret   string
	log      *slog.Logger
	handlers map[string]transferEventFunc
}

func NewWebhooksHandler(d *db.DB, events repo.EventStore, ps repo.PaymentStore, cs repo.ChargeStore,
	jobs tasks.Enqueuer, cfg *config.Config, log *slog.Logger) *WebhooksHandler {
	h := &WebhooksHandler{
		db:       d,
		events:   events,
		payments: ps,
		settle:   payments.NewSettler(ps, cs, jobs),
		jobs:     jobs,
		secret:   cfg.TransfersWebhookKey,
		log:      log.With("component", "transfer-webhooks"),
	}
	h.handlers = map[string]transferEventFunc{
		"transfer.processed": h.onProcessed,
		"transfer.failed":    h.onFailed,
		"transfer.cancelled": h.onFailed,
		"transfer.returned":  h.onReturned,
	}
	return h
}

// Transfers handles POST /v1/webhooks/transfers.
func (h *WebhooksHandler) Transfers(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		badRequest(w, err)
		return
	}
	if !achpay.VerifySignature(h.secret, r.Header.Get("X-Transfers-Signature"), raw) {
		httpx.WriteError(w, http.StatusUnauthorized, "bad_signature", "signature mismatch")
		return
	}
	var evt achpay.WebhookEvent
	if err := json.Unmarshal(raw, &evt); err != nil || evt.ID == "" {
		badRequest(w, errors.New("malformed event"))
		return
	}
	fn, ok := h.handlers[evt.Type]
	if !ok {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	var data achpay.TransferEventData
	if len(evt.Data) > 0 {
		if err := json.Unmarshal(evt.Data, &data); err != nil {
			badRequest(w, err)
			return
		}
	}

	ctx := r.Context()
	var after func(context.Context) error
	err = h.db.InTx(ctx, func(tx pgx.Tx) error {
		fresh, err := h.events.RecordWebhook(ctx, tx, evt.ID, evt.Type, raw)
		if err != nil || !fresh {
			return err
		}
		p, err := h.payments.GetByTransferID(ctx, tx, evt.TransferID)
		if errors.Is(err, repo.ErrNotFound) {
			h.log.Info("transfer event for unknown payment", "event_id", evt.ID, "transfer_id", evt.TransferID)
			return nil
		}
		if err != nil {
			return err
		}
		after, err = fn(ctx, tx, p, data)
		return err
	})
	if err != nil {
		h.log.Error("apply transfer event", "event_id", evt.ID, "type", evt.Type, "err", err)
		httpx.WriteError(w, http.StatusInternalServerError, "internal", "retry later")
		return
	}
	if after != nil {
		if err := after(ctx); err != nil {
			h.log.Error("transfer event follow-up", "event_id", evt.ID, "type", evt.Type, "err", err)
			httpx.WriteError(w, http.StatusInternalServerError, "internal", "retry later")
			return
		}
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *WebhooksHandler) onProcessed(ctx context.Context, tx pgx.Tx, p *repo.Payment, _ achpay.TransferEventData) (func(context.Context) error, error) {
	_, err := h.settle.Processed(ctx, tx, p)
	return nil, err
}

func (h *WebhooksHandler) onFailed(ctx context.Context, tx pgx.Tx, p *repo.Payment, d achpay.TransferEventData) (func(context.Context) error, error) {
	_, err := h.settle.Failed(ctx, tx, p, d.FailureCode)
	return nil, err
}

func (h *WebhooksHandler) onReturned(ctx context.Context, tx pgx.Tx, p *repo.Payment, d achpay.TransferEventData) (func(context.Context) error, error) {
	changed, err := h.settle.Returned(ctx, tx, p, d.FailureCode)
	if err != nil || !changed {
		return nil, err
	}
	paymentID, code := p.ID, d.FailureCode
	return func(ctx context.Context) error {
		_, err := h.jobs.Insert(ctx, tasks.AssessNSFFeeArgs{PaymentID: paymentID, ReturnCode: code}, nil)
		return err
	}, nil
}
