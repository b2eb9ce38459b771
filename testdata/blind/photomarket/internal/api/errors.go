package api

import (
	"errors"
	"net/http"

	"github.com/lenslane/photomarket/internal/accounts"
	"github.com/lenslane/photomarket/internal/booking"
	"github.com/lenslane/photomarket/internal/gallery"
	"github.com/lenslane/photomarket/internal/httpx"
	"github.com/lenslane/photomarket/internal/payment"
	"github.com/lenslane/photomarket/internal/prints"
)

type errMapping struct {
	target error
	status int
	code   string
}

var errTable = []errMapping{
	{booking.ErrNotFound, http.StatusNotFound, "not_found"},
	{payment.ErrNotFound, http.StatusNotFound, "not_found"},
	{gallery.ErrNotFound, http.StatusNotFound, "not_found"},
	{prints.ErrNotFound, http.StatusNotFound, "not_found"},
	{booking.ErrForbidden, http.StatusForbidden, "forbidden"},
	{payment.ErrForbidden, http.StatusForbidden, "forbidden"},
	{gallery.ErrForbidden, http.StatusForbidden, "forbidden"},
	{prints.ErrForbidden, http.StatusForbidden, "forbidden"},
	{booking.ErrInvalid, http.StatusBadRequest, "invalid"},
	{prints.ErrInvalid, http.StatusBadRequest, "invalid"},
	{accounts.ErrInvalid, http.StatusBadRequest, "invalid"},
	{booking.ErrUnavailable, http.StatusConflict, "unavailable"},
	{booking.ErrWrongState, http.StatusConflict, "wrong_state"},
	{payment.ErrWrongState, http.StatusConflict, "wrong_state"},
	{prints.ErrWrongState, http.StatusConflict, "wrong_state"},
	{gallery.ErrNotReady, http.StatusConflict, "not_ready"},
	{booking.ErrIdempotencyReuse, http.StatusUnprocessableEntity, "idempotency_mismatch"},
}

func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	for _, m := range errTable {
		if errors.Is(err, m.target) {
			httpx.Error(w, m.status, m.code, err.Error())
			return
		}
	}
	s.Logger.Error("request failed", "path", r.URL.Path, "err", err, "request_id", httpx.RequestIDFrom(r.Context()))
	httpx.Error(w, http.StatusInternalServerError, "internal_error", "internal error")
}

func principal(r *http.Request) httpx.Principal {
	p, _ := httpx.PrincipalFrom(r.Context())
	return p
}
