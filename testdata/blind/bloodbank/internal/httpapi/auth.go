package httpapi

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/platform/httpx"
)

// The API gateway terminates mTLS / OIDC and forwards the authenticated
// principal in these headers. Requests that bypass the gateway never reach
// this service (network policy).
const (
	headerClientID = "X-Authenticated-Client"
	headerDonorID  = "X-Authenticated-Donor"
	headerPartner  = "X-Authenticated-Partner"
)

type ctxKey int

const hospitalKey ctxKey = iota

// HospitalResolver maps a gateway client ID to a hospital.
type HospitalResolver interface {
	HospitalByClientID(ctx context.Context, clientID string) (domain.Hospital, error)
}

func requireHospital(resolver HospitalResolver) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			clientID := r.Header.Get(headerClientID)
			if clientID == "" {
				httpx.JSON(w, http.StatusUnauthorized, map[string]string{"error": "unauthenticated"})
				return
			}
			h, err := resolver.HospitalByClientID(r.Context(), clientID)
			if err != nil {
				httpx.Error(w, r, err)
				return
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), hospitalKey, h)))
		})
	}
}

func hospitalFrom(ctx context.Context) domain.Hospital {
	h, _ := ctx.Value(hospitalKey).(domain.Hospital)
	return h
}

// hospitalScope scopes idempotency keys per calling hospital.
func hospitalScope(r *http.Request) string {
	return "hospital-orders:" + r.Header.Get(headerClientID)
}

// donorMatchesPath checks that a donor only touches their own resources.
func donorMatchesPath(r *http.Request) (uuid.UUID, bool) {
	id, err := httpx.UUIDParam(r, "donorID")
	if err != nil {
		return uuid.Nil, false
	}
	return id, r.Header.Get(headerDonorID) == id.String()
}
