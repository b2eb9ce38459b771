package httpapi

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/hemolink-systems/bloodbank/internal/platform/httpx"
	"github.com/hemolink-systems/bloodbank/internal/providers/vouchers"
)

// voucherEvent is the partner's webhook body.
type voucherEvent struct {
	EventID     string    `json:"event_id"`
	Type        string    `json:"type"`
	ExternalRef string    `json:"external_ref"`
	VoucherCode string    `json:"voucher_code"`
	OccurredAt  time.Time `json:"occurred_at"`
}

type voucherEventRow struct {
	PartnerEventID string    `db:"partner_event_id"`
	VoucherID      uuid.UUID `db:"voucher_id"`
	Kind           string    `db:"kind"`
	OccurredAt     time.Time `db:"occurred_at"`
	Payload        string    `db:"payload"`
}

// voucherWebhook receives redemption and expiry notices from the voucher
// partner. The partner retries any non-2xx answer with backoff for 48 hours.
func voucherWebhook(db *sqlx.DB, secret string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		body, err := io.ReadAll(io.LimitReader(r.Body, 256<<10))
		if err != nil {
			http.Error(w, "read body", http.StatusBadRequest)
			return
		}
		if err := vouchers.VerifySignature(secret, r.Header.Get("X-Voucher-Signature"), body); err != nil {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		var ev voucherEvent
		if err := json.Unmarshal(body, &ev); err != nil || ev.EventID == "" {
			http.Error(w, "bad event", http.StatusBadRequest)
			return
		}
		voucherID, err := uuid.Parse(ev.ExternalRef)
		if err != nil {
			// Not one of ours; acknowledge so the partner stops sending it.
			slog.WarnContext(ctx, "voucher webhook for unknown ref", "ref", ev.ExternalRef)
			w.WriteHeader(http.StatusNoContent)
			return
		}

		row := voucherEventRow{
			PartnerEventID: ev.EventID,
			VoucherID:      voucherID,
			Kind:           ev.Type,
			OccurredAt:     ev.OccurredAt,
			Payload:        string(body),
		}
		if _, err := db.NamedExecContext(ctx, `
			INSERT INTO voucher_events (partner_event_id, voucher_id, kind, occurred_at, payload)
			VALUES (:partner_event_id, :voucher_id, :kind, :occurred_at, :payload)`, row); err != nil {
			httpx.Error(w, r, err)
			return
		}

		var update string
		switch ev.Type {
		case "voucher.redeemed":
			update = `UPDATE vouchers SET status = 'redeemed', redeemed_at = $2 WHERE id = $1 AND status = 'issued'`
		case "voucher.expired":
			update = `UPDATE vouchers SET status = 'expired' WHERE id = $1 AND status = 'issued' AND $2::timestamptz IS NOT NULL`
		default:
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if _, err := db.ExecContext(ctx, update, voucherID, ev.OccurredAt); err != nil {
			httpx.Error(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}
