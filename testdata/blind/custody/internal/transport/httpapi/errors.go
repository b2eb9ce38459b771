package httpapi

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/northvault/custody/internal/domain"
	"github.com/northvault/custody/internal/platform/apiclient"
)

func respondErr(c *gin.Context, err error) {
	status := http.StatusInternalServerError
	msg := "internal error"
	var apiErr *apiclient.Error
	switch {
	case errors.Is(err, domain.ErrNotFound):
		status, msg = http.StatusNotFound, "not found"
	case errors.Is(err, domain.ErrConflict):
		status, msg = http.StatusConflict, err.Error()
	case errors.Is(err, domain.ErrInsufficientFunds):
		status, msg = http.StatusUnprocessableEntity, err.Error()
	case errors.Is(err, domain.ErrNotWhitelisted):
		status, msg = http.StatusUnprocessableEntity, err.Error()
	case errors.Is(err, domain.ErrInvalidState):
		status, msg = http.StatusUnprocessableEntity, err.Error()
	case errors.Is(err, domain.ErrKeyReuse):
		status, msg = http.StatusUnprocessableEntity, err.Error()
	case errors.As(err, &apiErr):
		status, msg = http.StatusBadGateway, "upstream provider error"
	}
	if status >= 500 {
		_ = c.Error(err)
	}
	c.AbortWithStatusJSON(status, gin.H{"error": msg, "request_id": c.GetString(headerRequestID)})
}

func bindJSON(c *gin.Context, v any) bool {
	if err := c.ShouldBindJSON(v); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return false
	}
	return true
}
