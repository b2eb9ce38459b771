package httpapi

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"github.com/ironkettle/taproute/internal/domain"
)

// withOrder parses {orderID}, runs op on it and hands the result to render.
func withOrder(render func(http.ResponseWriter, *http.Request, domain.Order),
	op func(context.Context, uuid.UUID) (domain.Order, error)) http.HandlerFunc {
	return withID("orderID", op, render)
}

// withID is the generic form: parse a UUID path parameter, call op, render.
func withID[T any](param string, op func(context.Context, uuid.UUID) (T, error),
	render func(http.ResponseWriter, *http.Request, T)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := uuidParam(r, param)
		if err != nil {
			writeError(w, r, err)
			return
		}
		v, err := op(r.Context(), id)
		if err != nil {
			writeError(w, r, err)
			return
		}
		render(w, r, v)
	}
}

func renderOK[T any](w http.ResponseWriter, _ *http.Request, v T) { writeJSON(w, http.StatusOK, v) }
