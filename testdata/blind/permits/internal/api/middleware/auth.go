// Package middleware holds the HTTP middleware specific to the permits API.
package middleware

import (
	"context"
	"net/http"
	"strings"

	"github.com/google/uuid"
)

type ctxKey int

const (
	residentKey ctxKey = iota
	staffKey
)

// The edge gateway authenticates residents (city SSO) and staff (Entra ID)
// and forwards the subject in these headers; requests that bypass the
// gateway never reach the service.
const (
	residentHeader = "X-Resident-Id"
	staffHeader    = "X-Staff-Id"
	staffRolesHdr  = "X-Staff-Roles"
)

// Staff is an authenticated clerk or inspector.
type Staff struct {
	ID    uuid.UUID
	Roles []string
}

// Has reports whether the staff member has role.
func (s Staff) Has(role string) bool {
	for _, r := range s.Roles {
		if r == role {
			return true
		}
	}
	return false
}

// RequireResident rejects requests without a resident subject.
func RequireResident(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := uuid.Parse(r.Header.Get(residentHeader))
		if err != nil {
			http.Error(w, `{"error":"unauthenticated"}`, http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), residentKey, id)))
	})
}

// RequireStaff rejects requests without a staff subject holding role.
func RequireStaff(role string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			id, err := uuid.Parse(r.Header.Get(staffHeader))
			if err != nil {
				http.Error(w, `{"error":"unauthenticated"}`, http.StatusUnauthorized)
				return
			}
			s := Staff{ID: id, Roles: splitRoles(r.Header.Get(staffRolesHdr))}
			if role != "" && !s.Has(role) {
				http.Error(w, `{"error":"forbidden"}`, http.StatusForbidden)
				return
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), staffKey, s)))
		})
	}
}

func splitRoles(h string) []string {
	var out []string
	for _, role := range strings.Split(h, ",") {
		if role = strings.TrimSpace(role); role != "" {
			out = append(out, role)
		}
	}
	return out
}

// ResidentID returns the authenticated resident.
func ResidentID(ctx context.Context) uuid.UUID {
	id, _ := ctx.Value(residentKey).(uuid.UUID)
	return id
}

// StaffFrom returns the authenticated staff member.
func StaffFrom(ctx context.Context) Staff {
	s, _ := ctx.Value(staffKey).(Staff)
	return s
}
