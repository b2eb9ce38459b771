package httpapi

import (
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/deskhive/coworking/internal/httpx"
)

// headerMemberID is set by the API gateway after authenticating the member.
const headerMemberID = "X-Member-Id"

func pathUUID(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(r.PathValue(name))
	if err != nil {
		return uuid.Nil, httpx.Errorf(http.StatusBadRequest, "invalid_id", "%s is not a valid id", name)
	}
	return id, nil
}

func caller(r *http.Request) (uuid.UUID, error) {
	id, err := uuid.Parse(r.Header.Get(headerMemberID))
	if err != nil {
		return uuid.Nil, httpx.Errorf(http.StatusUnauthorized, "unauthenticated", "missing member identity")
	}
	return id, nil
}

func parseDate(s string) (time.Time, error) {
	d, err := time.Parse("2006-01-02", s)
	if err != nil {
		return time.Time{}, httpx.Errorf(http.StatusUnprocessableEntity, "invalid_date", "dates use YYYY-MM-DD")
	}
	return d, nil
}
