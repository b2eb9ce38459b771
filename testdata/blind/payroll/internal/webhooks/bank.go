// Package webhooks receives provider callbacks. Providers retry any delivery
// that does not get a 2xx within their timeout.
package webhooks

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"gorm.io/gorm"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/ledger"
	"github.com/acme/payroll/internal/providers/bank"
	"github.com/acme/payroll/internal/store/sqlrepo"
)

type bankWebhookStore interface {
	RecordEvent(ctx context.Context, provider, eventID string) (bool, error)
	TransitionPayoutByTransfer(ctx context.Context, transferID string, from []domain.PayoutStatus, to domain.PayoutStatus) (string, bool, error)
	CompleteRunIfSettled(ctx context.Context, runID string) error
	PayoutByTransfer(ctx context.Context, transferID string) (*sqlrepo.PayoutRef, error)
	IsReturnProcessed(ctx context.Context, returnID string) (bool, error)
	MarkReturnProcessed(ctx context.Context, returnID string) error
}

type unitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

type poster interface {
	Post(ctx context.Context, e ledger.Entry) (ledger.PostResult, error)
}

type BankWebhooks struct {
	secret string
	store  bankWebhookStore
	uow    unitOfWork
	ledger poster
	log    *slog.Logger
}

func NewBankWebhooks(secret string, store bankWebhookStore, u unitOfWork, l poster, log *slog.Logger) *BankWebhooks {
	return &BankWebhooks{secret: secret, store: store, uow: u, ledger: l, log: log.With("webhook", "bank")}
}

func (h *BankWebhooks) Routes() chi.Router {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.Recoverer, middleware.Timeout(15*time.Second))
	r.With(h.verify).Post("/transfer-status", h.transferStatus)
	r.With(h.verify).Post("/returns", h.returned)
	return r
}

type verifiedBodyKey struct{}

// verify checks the HMAC signature and hands the raw body on via the context.
func (h *BankWebhooks) verify(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err != nil {
			http.Error(w, "read body", http.StatusBadRequest)
			return
		}
		if !bank.VerifySignature(h.secret, body, r.Header.Get("X-Bank-Signature")) {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), verifiedBodyKey{}, body)))
	})
}

func decodeBody(r *http.Request, v any) error {
	body, _ := r.Context().Value(verifiedBodyKey{}).([]byte)
	return json.Unmarshal(body, v)
}

type transferStatusEvent struct {
	EventID       string    `json:"event_id"`
	TransferID    string    `json:"transfer_id"`
	Status        string    `json:"status"`
	FailureReason string    `json:"failure_reason"`
	OccurredAt    time.Time `json:"occurred_at"`
}

var bankStatusMap = map[string]domain.PayoutStatus{
	"settled":  domain.PayoutSettled,
	"rejected": domain.PayoutFailed,
	"failed":   domain.PayoutFailed,
}

func (h *BankWebhooks) transferStatus(w http.ResponseWriter, r *http.Request) {
	var evt transferStatusEvent
	if err := decodeBody(r, &evt); err != nil || evt.EventID == "" || evt.TransferID == "" {
		http.Error(w, "malformed event", http.StatusBadRequest)
		return
	}
	to, known := bankStatusMap[evt.Status]
	if !known {
		// in_progress and similar intermediate states carry no information for us
		w.WriteHeader(http.StatusNoContent)
		return
	}
	ctx := r.Context()
	err := h.uow.Do(ctx, func(ctx context.Context) error {
		fresh, err := h.store.RecordEvent(ctx, "bank", evt.EventID)
		if err != nil || !fresh {
			return err
		}
		runID, changed, err := h.store.TransitionPayoutByTransfer(ctx, evt.TransferID,
			[]domain.PayoutStatus{domain.PayoutSubmitting, domain.PayoutSubmitted}, to)
		if err != nil || !changed {
			return err
		}
		if to == domain.PayoutSettled {
			return h.store.CompleteRunIfSettled(ctx, runID)
		}
		return nil
	})
	if err != nil {
		h.log.Error("transfer status", "event", evt.EventID, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type returnEvent struct {
	ReturnID    string `json:"return_id"`
	TransferID  string `json:"transfer_id"`
	AmountMinor int64  `json:"amount"`
	ReasonCode  string `json:"reason_code"`
}

// returned handles a payout that the receiving bank sent back (closed account,
// wrong details). The wage liability is reinstated so the payout can be redone.
func (h *BankWebhooks) returned(w http.ResponseWriter, r *http.Request) {
	var evt returnEvent
	if err := decodeBody(r, &evt); err != nil || evt.ReturnID == "" {
		http.Error(w, "malformed event", http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	done, err := h.store.IsReturnProcessed(ctx, evt.ReturnID)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	if done {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	payout, err := h.store.PayoutByTransfer(ctx, evt.TransferID)
	if err != nil {
		h.log.Error("return for unknown transfer", "transfer", evt.TransferID, "err", err)
		http.Error(w, "unknown transfer", http.StatusNotFound)
		return
	}

	_, err = h.ledger.Post(ctx, ledger.Entry{
		CompanyID:   payout.CompanyID,
		Description: "Bank return " + evt.ReturnID + " (" + evt.ReasonCode + ")",
		Source:      "bank_return",
		Lines: []ledger.Line{
			{Account: ledger.AcctBankClearing, Debit: evt.AmountMinor, Memo: evt.TransferID},
			{Account: ledger.AcctWagesPayable, Credit: evt.AmountMinor, Memo: "employee " + payout.EmployeeID.String()},
		},
		Also: func(tx *gorm.DB) error {
			return tx.Exec(`UPDATE payouts SET status = ?, updated_at = now() WHERE id = ?`,
				string(domain.PayoutReturned), payout.PayoutID).Error
		},
	})
	if err != nil {
		h.log.Error("post bank return", "return", evt.ReturnID, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	if err := h.store.MarkReturnProcessed(ctx, evt.ReturnID); err != nil {
		h.log.Error("mark return processed", "return", evt.ReturnID, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
