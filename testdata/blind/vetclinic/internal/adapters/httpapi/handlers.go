package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/pawpath/vetclinic/internal/core/domain"
	"github.com/pawpath/vetclinic/internal/core/services"
)

// The handlers depend on these narrow views of the services.

type OwnerAPI interface {
	Register(ctx context.Context, in services.RegisterOwner) (domain.Owner, bool, error)
	PutPet(ctx context.Context, ownerID, petID string, in services.PetInput) (domain.Pet, error)
}

type AppointmentAPI interface {
	Book(ctx context.Context, key string, req services.BookRequest) (domain.Appointment, bool, error)
	TakeDeposit(ctx context.Context, appointmentID, paymentMethodID string) (domain.Deposit, error)
	Cancel(ctx context.Context, appointmentID, reason string) (services.CancelResult, error)
	Reschedule(ctx context.Context, appointmentID string, startsAt time.Time) (domain.Appointment, error)
}

type CheckoutAPI interface {
	Checkout(ctx context.Context, appointmentID string, req services.CheckoutRequest) (domain.Invoice, error)
}

type BillingAPI interface {
	PayInvoice(ctx context.Context, invoiceID, requestKey string, req services.PayRequest) (domain.Payment, error)
	AddAdjustment(ctx context.Context, invoiceID string, in services.AdjustmentInput) (domain.Invoice, error)
}

type LabAPI interface {
	CreateOrder(ctx context.Context, key string, req services.LabOrderRequest) (domain.LabOrder, bool, error)
	AddTests(ctx context.Context, orderID string, codes []string, staffID string) (domain.LabOrder, error)
}

type RefillAPI interface {
	Request(ctx context.Context, prescriptionID string, in services.RefillInput) (domain.RefillRequest, error)
}

type WalletAPI interface {
	RedeemWithKey(ctx context.Context, key, ownerID string, points int64, memo string) (services.Redemption, bool, error)
}

type Handlers struct {
	Owners       OwnerAPI
	Appointments AppointmentAPI
	Checkout     CheckoutAPI
	Billing      BillingAPI
	Labs         LabAPI
	Refills      RefillAPI
	Wallets      WalletAPI
	Log          *slog.Logger
}

func (h *Handlers) fail(w http.ResponseWriter, r *http.Request, err error) {
	writeError(w, r, h.Log, err)
}

func idemKey(r *http.Request) string { return r.Header.Get("Idempotency-Key") }

// ---- owners & pets ------------------------------------------------------

func (h *Handlers) registerOwner(w http.ResponseWriter, r *http.Request) {
	var in services.RegisterOwner
	if err := decode(r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	o, isNew, err := h.Owners.Register(r.Context(), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, created(!isNew), o)
}

func (h *Handlers) putPet(w http.ResponseWriter, r *http.Request) {
	var in services.PetInput
	if err := decode(r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	p, err := h.Owners.PutPet(r.Context(), chi.URLParam(r, "ownerID"), chi.URLParam(r, "petID"), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

// ---- appointments -------------------------------------------------------

func (h *Handlers) bookAppointment(w http.ResponseWriter, r *http.Request) {
	var req services.BookRequest
	if err := decode(r, &req); err != nil {
		h.fail(w, r, err)
		return
	}
	a, replayed, err := h.Appointments.Book(r.Context(), idemKey(r), req)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, created(replayed), a)
}

func (h *Handlers) takeDeposit(w http.ResponseWriter, r *http.Request) {
	var body struct {
		PaymentMethodID string `json:"payment_method_id"`
	}
	if err := decode(r, &body); err != nil {
		h.fail(w, r, err)
		return
	}
	d, err := h.Appointments.TakeDeposit(r.Context(), chi.URLParam(r, "id"), body.PaymentMethodID)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}

func (h *Handlers) cancelAppointment(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Reason string `json:"reason"`
	}
	if err := decode(r, &body); err != nil {
		h.fail(w, r, err)
		return
	}
	res, err := h.Appointments.Cancel(r.Context(), chi.URLParam(r, "id"), body.Reason)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

func (h *Handlers) rescheduleAppointment(w http.ResponseWriter, r *http.Request) {
	var body struct {
		StartsAt time.Time `json:"starts_at"`
	}
	if err := decode(r, &body); err != nil {
		h.fail(w, r, err)
		return
	}
	a, err := h.Appointments.Reschedule(r.Context(), chi.URLParam(r, "id"), body.StartsAt)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a)
}

func (h *Handlers) checkout(w http.ResponseWriter, r *http.Request) {
	var req services.CheckoutRequest
	if err := decode(r, &req); err != nil {
		h.fail(w, r, err)
		return
	}
	inv, err := h.Checkout.Checkout(r.Context(), chi.URLParam(r, "id"), req)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, inv)
}

// ---- billing ------------------------------------------------------------

func (h *Handlers) payInvoice(w http.ResponseWriter, r *http.Request) {
	var req services.PayRequest
	if err := decode(r, &req); err != nil {
		h.fail(w, r, err)
		return
	}
	p, err := h.Billing.PayInvoice(r.Context(), chi.URLParam(r, "id"), idemKey(r), req)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

func (h *Handlers) addAdjustment(w http.ResponseWriter, r *http.Request) {
	var in services.AdjustmentInput
	if err := decode(r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	in.StaffID = staffID(r.Context())
	inv, err := h.Billing.AddAdjustment(r.Context(), chi.URLParam(r, "id"), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, inv)
}

// ---- labs & pharmacy ----------------------------------------------------

func (h *Handlers) createLabOrder(w http.ResponseWriter, r *http.Request) {
	var req services.LabOrderRequest
	if err := decode(r, &req); err != nil {
		h.fail(w, r, err)
		return
	}
	if req.OrderedBy == "" {
		req.OrderedBy = staffID(r.Context())
	}
	o, replayed, err := h.Labs.CreateOrder(r.Context(), idemKey(r), req)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, created(replayed), o)
}

func (h *Handlers) addLabTests(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Tests []string `json:"tests"`
	}
	if err := decode(r, &body); err != nil {
		h.fail(w, r, err)
		return
	}
	o, err := h.Labs.AddTests(r.Context(), chi.URLParam(r, "id"), body.Tests, staffID(r.Context()))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, o)
}

func (h *Handlers) requestRefill(w http.ResponseWriter, r *http.Request) {
	var in services.RefillInput
	if err := decode(r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	rr, err := h.Refills.Request(r.Context(), chi.URLParam(r, "id"), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, rr)
}

// ---- loyalty ------------------------------------------------------------

func (h *Handlers) redeemPoints(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Points int64  `json:"points"`
		Memo   string `json:"memo"`
	}
	if err := decode(r, &body); err != nil {
		h.fail(w, r, err)
		return
	}
	red, replayed, err := h.Wallets.RedeemWithKey(r.Context(), idemKey(r), chi.URLParam(r, "ownerID"), body.Points, body.Memo)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, created(replayed), red)
}
