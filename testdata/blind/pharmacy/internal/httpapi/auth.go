package httpapi

import (
	"bytes"
	"context"
	"io"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/cedarleaf/pharmacy/internal/platform/httpx"
	"github.com/cedarleaf/pharmacy/internal/store"
)

type ctxKey int

const (
	ctxPatient ctxKey = iota
	ctxClinic
)

// patientIdentity reads the patient the API gateway authenticated. The
// gateway strips any client-supplied copy of the header.
func patientIdentity(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := uuid.Parse(r.Header.Get("X-Authenticated-Patient"))
		if err != nil {
			httpx.JSON(w, http.StatusUnauthorized, httpx.NewError(http.StatusUnauthorized, "unauthorized", "patient identity required"))
			return
		}
		if p := chi.URLParam(r, "patientID"); p != "" && p != id.String() {
			httpx.JSON(w, http.StatusForbidden, httpx.NewError(http.StatusForbidden, "forbidden", "not your record"))
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxPatient, id)))
	})
}

func patientFrom(ctx context.Context) uuid.UUID {
	id, _ := ctx.Value(ctxPatient).(uuid.UUID)
	return id
}

func staffFrom(r *http.Request) string {
	return r.Header.Get("X-Staff-ID")
}

// clinicSignature authenticates a clinic webhook with the clinic's own HMAC
// secret and leaves the body readable for the handler.
func (h *Handler) clinicSignature(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		clinicID := chi.URLParam(r, "clinicID")
		clinic, err := h.Clinics.GetClinic(r.Context(), clinicID)
		if err != nil {
			if store.IsNotFound(err) {
				httpx.Fail(w, r, httpx.ErrNotFound)
				return
			}
			httpx.Fail(w, r, err)
			return
		}
		if !clinic.Active {
			httpx.JSON(w, http.StatusForbidden, httpx.NewError(http.StatusForbidden, "clinic_inactive", "clinic is not active"))
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err != nil {
			httpx.Fail(w, r, httpx.ErrBadRequest)
			return
		}
		if !httpx.VerifyHMAC(clinic.WebhookSecret, body, r.Header.Get("X-Clinic-Signature")) {
			httpx.JSON(w, http.StatusUnauthorized, httpx.NewError(http.StatusUnauthorized, "bad_signature", "signature mismatch"))
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxClinic, clinic.ID)))
	})
}

func clinicFrom(ctx context.Context) string {
	id, _ := ctx.Value(ctxClinic).(string)
	return id
}
