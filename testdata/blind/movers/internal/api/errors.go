// Package api exposes the HTTP API with gin.
package api

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/haulright/movers/internal/repository"
	"github.com/haulright/movers/internal/service"
)

type errorBody struct {
	Error string `json:"error"`
}

func statusFor(err error) int {
	switch {
	case errors.Is(err, service.ErrNotFound), errors.Is(err, repository.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, service.ErrInvalid), errors.Is(err, service.ErrIdempotencyKey):
		return http.StatusBadRequest
	case errors.Is(err, service.ErrConflict), errors.Is(err, service.ErrBookingClosed),
		errors.Is(err, service.ErrCrewUnavailable), errors.Is(err, service.ErrClaimClosed),
		errors.Is(err, service.ErrNoTruckOnBooking):
		return http.StatusConflict
	case errors.Is(err, service.ErrQuoteExpired):
		return http.StatusGone
	case errors.Is(err, service.ErrPaymentDeclined), errors.Is(err, service.ErrNoCardOnFile):
		return http.StatusPaymentRequired
	}
	return http.StatusInternalServerError
}

func fail(c *gin.Context, err error) {
	code := statusFor(err)
	if code >= 500 {
		slog.ErrorContext(c.Request.Context(), "request failed", "path", c.FullPath(), "err", err)
		c.JSON(code, errorBody{Error: "internal error"})
		return
	}
	c.JSON(code, errorBody{Error: err.Error()})
}

func badRequest(c *gin.Context, err error) {
	c.JSON(http.StatusBadRequest, errorBody{Error: err.Error()})
}

func uuidParam(c *gin.Context, name string) (uuid.UUID, bool) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		c.JSON(http.StatusBadRequest, errorBody{Error: name + " must be a UUID"})
		return uuid.Nil, false
	}
	return id, true
}

func pageParams(c *gin.Context) repository.Page {
	limit, _ := strconv.Atoi(c.DefaultQuery("limit", "50"))
	offset, _ := strconv.Atoi(c.DefaultQuery("offset", "0"))
	return repository.Page{Limit: limit, Offset: offset}
}
