// Package httpapi holds the handlers: they see only app.Service.
package httpapi

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"

	"example.com/wiredtx/app"
)

type Handler struct {
	DB  *sql.DB
	Svc app.Service
}

func order(r *http.Request) app.Order {
	var o app.Order
	json.NewDecoder(r.Body).Decode(&o)
	return o
}

func (h *Handler) Place(w http.ResponseWriter, r *http.Request) {
	h.Svc.Place(r.Context(), order(r))
}

func (h *Handler) PlaceTx(w http.ResponseWriter, r *http.Request) {
	h.Svc.PlaceTx(r.Context(), order(r))
}

func (h *Handler) Transfer(w http.ResponseWriter, r *http.Request) {
	h.Svc.Transfer(r.Context(), r.FormValue("from"), r.FormValue("to"), 100)
}

func (h *Handler) TransferTx(w http.ResponseWriter, r *http.Request) {
	h.Svc.TransferTx(r.Context(), r.FormValue("from"), r.FormValue("to"), 100)
}

func (h *Handler) Either(w http.ResponseWriter, r *http.Request) {
	h.Svc.Either(r.Context(), order(r), r.FormValue("debit") != "")
}

func (h *Handler) Upsert(w http.ResponseWriter, r *http.Request) {
	h.Svc.Upsert(r.Context(), order(r))
}

// Archive copies the order on the pool, then closes it through the
// service: the copy is not repeated harmlessly.
func (h *Handler) Archive(w http.ResponseWriter, r *http.Request) {
	id := r.FormValue("id")
	h.DB.ExecContext(r.Context(), "INSERT INTO archive (order_id) VALUES ($1)", id) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into archive in httpapi.Handler.Archive is not idempotent \(HTTP handler Handler.Archive\)`
	h.Svc.Close(r.Context(), id)
}

func (h *Handler) Audit(w http.ResponseWriter, r *http.Request) {
	h.Svc.Audit(r.Context(), r.FormValue("id"))
}

func (h *Handler) PlaceOnce(w http.ResponseWriter, r *http.Request) {
	h.Svc.PlaceOnce(r.Context(), r.Header.Get("Idempotency-Key"), order(r))
}

func (h *Handler) CheckThenPlace(w http.ResponseWriter, r *http.Request) {
	h.Svc.CheckThenPlace(r.Context(), r.Header.Get("Idempotency-Key"), order(r))
}

func (h *Handler) PlaceOnceTx(w http.ResponseWriter, r *http.Request) {
	h.Svc.PlaceOnceTx(r.Context(), r.Header.Get("Idempotency-Key"), order(r))
}

func (h *Handler) ChargeOnce(w http.ResponseWriter, r *http.Request) {
	h.Svc.ChargeOnce(r.Context(), r.Header.Get("Idempotency-Key"), order(r))
}

func (h *Handler) Adjust(w http.ResponseWriter, r *http.Request) {
	h.Svc.Adjust(r.Context(), r.Header.Get("Idempotency-Key"), r.FormValue("account"), 5)
}

// Funcs holds the service's methods as function values, bound when
// main builds it.
type Funcs struct {
	refill func(ctx context.Context, account string, amount int64) error
}

func NewFuncs(svc app.Service) *Funcs { return &Funcs{refill: svc.Refill} }

func (f *Funcs) Refill(w http.ResponseWriter, r *http.Request) {
	f.refill(r.Context(), r.FormValue("account"), 10)
}

func (h *Handler) Register(w http.ResponseWriter, r *http.Request) {
	h.Svc.Register(r.Context(), r.FormValue("id"))
}

func (h *Handler) Enroll(w http.ResponseWriter, r *http.Request) {
	h.Svc.Enroll(r.Context())
}

func (h *Handler) PlaceKeyed(w http.ResponseWriter, r *http.Request) {
	h.Svc.PlaceKeyed(r.Context(), r.Header.Get("Idempotency-Key"), 100)
}

func (h *Handler) CaptureLoose(w http.ResponseWriter, r *http.Request) {
	h.Svc.CaptureLoose(r.Context(), 100)
}

func (h *Handler) HoldKeyed(w http.ResponseWriter, r *http.Request) {
	h.Svc.HoldKeyed(r.Context(), r.Header.Get("Idempotency-Key"), 100)
}

func (h *Handler) Pickup(w http.ResponseWriter, r *http.Request) {
	h.Svc.Pickup(r.Context(), r.FormValue("id"))
}

func (h *Handler) Ship(w http.ResponseWriter, r *http.Request) {
	h.Svc.Ship(r.Context(), r.Header.Get("Idempotency-Key"))
}

func (h *Handler) CreditWithFee(w http.ResponseWriter, r *http.Request) {
	h.Svc.CreditWithFee(r.Context(), r.FormValue("account"), 5)
}

func (h *Handler) CreditOrVoid(w http.ResponseWriter, r *http.Request) {
	h.Svc.CreditOrVoid(r.Context(), r.FormValue("account"), 5)
}

func (h *Handler) HoldAndCredit(w http.ResponseWriter, r *http.Request) {
	h.Svc.HoldAndCredit(r.Context(), r.FormValue("account"), 5)
}

func (h *Handler) HoldInUnit(w http.ResponseWriter, r *http.Request) {
	h.Svc.HoldInUnit(r.Context(), r.FormValue("account"), 5)
}

func (h *Handler) JournalInUnit(w http.ResponseWriter, r *http.Request) {
	h.Svc.JournalInUnit(r.Context(), r.FormValue("id"))
}

func (h *Handler) HoldThenSubscribe(w http.ResponseWriter, r *http.Request) {
	h.Svc.HoldThenSubscribe(r.Context(), r.FormValue("account"), 5)
}

func (h *Handler) Join(w http.ResponseWriter, r *http.Request) {
	h.Svc.Join(r.Context(), r.FormValue("id"), r.FormValue("email"))
}

func (h *Handler) ClaimThenPlace(w http.ResponseWriter, r *http.Request) {
	h.Svc.ClaimThenPlace(r.Context(), r.Header.Get("Idempotency-Key"), order(r))
}

func (h *Handler) SeenThenPlace(w http.ResponseWriter, r *http.Request) {
	h.Svc.SeenThenPlace(r.Context(), r.Header.Get("Idempotency-Key"), order(r))
}

func (h *Handler) ClaimOrPlace(w http.ResponseWriter, r *http.Request) {
	h.Svc.ClaimOrPlace(r.Context(), r.Header.Get("Idempotency-Key"), order(r))
}

func (h *Handler) ClaimThenHelp(w http.ResponseWriter, r *http.Request) {
	h.Svc.ClaimThenHelp(r.Context(), r.Header.Get("Idempotency-Key"), order(r))
}

func (h *Handler) SeenThenHelp(w http.ResponseWriter, r *http.Request) {
	h.Svc.SeenThenHelp(r.Context(), r.Header.Get("Idempotency-Key"), order(r))
}

func (h *Handler) Deliver(w http.ResponseWriter, r *http.Request) {
	h.Svc.Deliver(r.Context(), r.FormValue("id"))
}

func (h *Handler) ClaimInUnit(w http.ResponseWriter, r *http.Request) {
	h.Svc.ClaimInUnit(r.Context(), r.Header.Get("Idempotency-Key"), order(r))
}

func (h *Handler) ClaimInUnitLoose(w http.ResponseWriter, r *http.Request) {
	h.Svc.ClaimInUnitLoose(r.Context(), r.Header.Get("Idempotency-Key"), order(r))
}

func (h *Handler) ClaimThenBook(w http.ResponseWriter, r *http.Request) {
	h.Svc.ClaimThenBook(r.Context(), r.Header.Get("Idempotency-Key"), r.FormValue("id"))
}
