package api

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/depotworks/depot/internal/carrier"
	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/psp"
	"github.com/depotworks/depot/internal/service"
)

func statusFor(err error) int {
	var carrierErr *carrier.APIError
	var pspErr *psp.Error
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, domain.ErrValidation):
		return http.StatusUnprocessableEntity
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrInvalidState),
		errors.Is(err, service.ErrKeyReused), errors.Is(err, service.ErrKeyInFlight):
		return http.StatusConflict
	case errors.Is(err, domain.ErrInsufficient):
		return http.StatusUnprocessableEntity
	case errors.As(err, &carrierErr) && carrierErr.Status < 500:
		return http.StatusBadGateway
	case errors.As(err, &pspErr) && !pspErr.Temporary():
		return http.StatusPaymentRequired
	default:
		return http.StatusInternalServerError
	}
}

func fail(c *gin.Context, err error) {
	code := statusFor(err)
	msg := err.Error()
	if code == http.StatusInternalServerError {
		msg = "internal error"
		_ = c.Error(err)
	}
	c.AbortWithStatusJSON(code, gin.H{"error": msg})
}

func bad(c *gin.Context, err error) {
	c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
}
