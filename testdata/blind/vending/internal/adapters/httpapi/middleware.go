// Package httpapi is the HTTP adapter: chi routes for the machines, the
// driver app, the back office and provider webhooks.
package httpapi

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/vendgrid/fleetops/internal/app"
	"github.com/vendgrid/fleetops/internal/domain"
)

const maxBody = 1 << 20

type errorBody struct {
	Error string `json:"error"`
	Field string `json:"field,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeError maps domain and provider errors to HTTP status codes.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	var (
		verr *domain.ValidationError
		rej  *app.ProviderRejection
	)
	switch {
	case errors.As(err, &verr):
		writeJSON(w, http.StatusUnprocessableEntity, errorBody{Error: verr.Reason, Field: verr.Field})
	case errors.Is(err, domain.ErrNotFound):
		writeJSON(w, http.StatusNotFound, errorBody{Error: err.Error()})
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrInvalidTransition):
		writeJSON(w, http.StatusConflict, errorBody{Error: err.Error()})
	case errors.Is(err, domain.ErrDeclined):
		writeJSON(w, http.StatusPaymentRequired, errorBody{Error: "declined"})
	case errors.Is(err, domain.ErrUnauthenticated):
		writeJSON(w, http.StatusUnauthorized, errorBody{Error: "unauthenticated"})
	case errors.As(err, &rej):
		writeJSON(w, http.StatusBadGateway, errorBody{Error: rej.Error()})
	default:
		slog.ErrorContext(r.Context(), "request failed", "path", r.URL.Path, "err", err)
		writeJSON(w, http.StatusInternalServerError, errorBody{Error: "internal error"})
	}
}

func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return domain.Invalid("body", err.Error())
	}
	return nil
}

type principalKey struct{}

// Principal is the authenticated caller: a staff member, a driver or a machine.
type Principal struct {
	Subject string
	Kind    string
}

func principalFrom(ctx context.Context) Principal {
	p, _ := ctx.Value(principalKey{}).(Principal)
	return p
}

// staffAuth accepts back-office and driver-app bearer tokens.
func staffAuth(tokens map[string]string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
			subject, known := tokens[tok]
			if !ok || !known {
				writeError(w, r, domain.ErrUnauthenticated)
				return
			}
			kind := "staff"
			if strings.HasPrefix(subject, "driver:") {
				kind = "driver"
			}
			ctx := context.WithValue(r.Context(), principalKey{}, Principal{Subject: subject, Kind: kind})
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

// machineAuth checks X-Machine-Token, an HMAC of the machine id provisioned
// into the machine's controller at the factory.
func machineAuth(secret string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			machineID := r.Header.Get("X-Machine-Id")
			if id := chi.URLParam(r, "machineID"); id != "" && id != machineID {
				writeError(w, r, domain.ErrUnauthenticated)
				return
			}
			mac := hmac.New(sha256.New, []byte(secret))
			mac.Write([]byte(machineID))
			want := hex.EncodeToString(mac.Sum(nil))
			if machineID == "" || !hmac.Equal([]byte(want), []byte(r.Header.Get("X-Machine-Token"))) {
				writeError(w, r, domain.ErrUnauthenticated)
				return
			}
			ctx := context.WithValue(r.Context(), principalKey{}, Principal{Subject: machineID, Kind: "machine"})
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}
