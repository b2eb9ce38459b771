package webhooks

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/platform/db"
	"github.com/carelink/telehealth/internal/platform/httpx"
	"github.com/carelink/telehealth/internal/providers/pharmacy"
	"github.com/carelink/telehealth/internal/store"
)

// rxStatusEvent is RxRelay's status callback.
type rxStatusEvent struct {
	EventID    string    `json:"event_id"`
	OrderID    string    `json:"order_id"`
	Status     string    `json:"status"`
	Detail     string    `json:"detail"`
	OccurredAt time.Time `json:"occurred_at"`
}

var rxStatusMap = map[string]string{
	"accepted":   domain.RxAccepted,
	"rejected":   domain.RxRejected,
	"dispensed":  domain.RxFilled,
	"cancelled":  domain.RxCancelled,
	"cancel_ack": domain.RxCancelled,
}

// Pharmacy receives RxRelay status callbacks.
type Pharmacy struct {
	DB     *sqlx.DB
	Rx     *store.PrescriptionRepo
	Secret string
	Log    *slog.Logger
}

// Status records a prescription status change.
func (p *Pharmacy) Status(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		httpx.WriteError(w, domain.ErrInvalidArgument)
		return
	}
	if !pharmacy.VerifySignature(p.Secret, body, r.Header.Get("X-RxRelay-Signature")) {
		httpx.WriteError(w, domain.ErrUnauthenticated)
		return
	}
	var ev rxStatusEvent
	if err := json.Unmarshal(body, &ev); err != nil || ev.EventID == "" || ev.OrderID == "" {
		httpx.WriteError(w, domain.ErrInvalidArgument)
		return
	}
	status, known := rxStatusMap[ev.Status]
	if !known {
		p.Log.Info("ignoring rx status", "status", ev.Status, "order", ev.OrderID)
		w.WriteHeader(http.StatusNoContent)
		return
	}
	ctx := r.Context()
	err = db.InTx(ctx, p.DB, func(tx *sqlx.Tx) error {
		first, err := p.Rx.ClaimStatusEvent(ctx, tx, ev.EventID, ev.OrderID, ev.Status, ev.Detail, ev.OccurredAt)
		if err != nil || !first {
			return err
		}
		return p.Rx.ApplyPartnerStatus(ctx, tx, ev.OrderID, status)
	})
	if err != nil {
		p.Log.Error("apply rx status", "event", ev.EventID, "err", err)
		httpx.WriteError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
