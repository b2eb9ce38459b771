package httpapi

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/renalnet/dialysis-ops/internal/apperr"
)

type errorBody struct {
	Error string `json:"error"`
}

func writeError(c *gin.Context, err error) {
	status := http.StatusInternalServerError
	msg := "internal error"
	switch apperr.KindOf(err) {
	case apperr.KindNotFound:
		status, msg = http.StatusNotFound, err.Error()
	case apperr.KindConflict:
		status, msg = http.StatusConflict, err.Error()
	case apperr.KindInvalid:
		status, msg = http.StatusUnprocessableEntity, err.Error()
	case apperr.KindUnavailable:
		status, msg = http.StatusBadGateway, err.Error()
	}
	if status == http.StatusInternalServerError {
		_ = c.Error(err)
	}
	c.AbortWithStatusJSON(status, errorBody{Error: msg})
}

func badRequest(c *gin.Context, err error) {
	c.AbortWithStatusJSON(http.StatusBadRequest, errorBody{Error: err.Error()})
}

var errBadID = errors.New("malformed id")

// pathID parses a UUID path parameter, writing 400 if it is malformed.
func pathID(c *gin.Context, name string) (uuid.UUID, bool) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		badRequest(c, errBadID)
		return uuid.Nil, false
	}
	return id, true
}
