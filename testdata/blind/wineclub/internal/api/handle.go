// Package api is the chi HTTP surface of the API server.
package api

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/vinoteca/wineclub/internal/platform/bus"
	"github.com/vinoteca/wineclub/internal/platform/httpx"
)

// binder fills a command from the path, headers and principal.
type binder[C any] func(r *http.Request, c *C) error

type handleOpts struct {
	status int
	noBody bool
}

type handleOpt func(*handleOpts)

func withStatus(code int) handleOpt { return func(o *handleOpts) { o.status = code } }
func withoutBody() handleOpt        { return func(o *handleOpts) { o.noBody = true } }

// command decodes the body into C, lets bind fill the rest and dispatches.
func command[C any](b *bus.Bus, bind binder[C], opts ...handleOpt) http.HandlerFunc {
	o := handleOpts{status: http.StatusOK}
	for _, fn := range opts {
		fn(&o)
	}
	return func(w http.ResponseWriter, r *http.Request) {
		var cmd C
		if !o.noBody {
			if err := httpx.Decode(r, &cmd); err != nil {
				httpx.Error(w, r, err)
				return
			}
		}
		if bind != nil {
			if err := bind(r, &cmd); err != nil {
				httpx.Error(w, r, err)
				return
			}
		}
		out, err := bus.Dispatch(r.Context(), b, cmd)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, o.status, out)
	}
}

func uuidParam(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(chi.URLParam(r, name))
	if err != nil {
		return uuid.Nil, httpx.Errorf(http.StatusBadRequest, "%s must be a UUID", name)
	}
	return id, nil
}
