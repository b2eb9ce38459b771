package api

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/lexicaassess/examreg/internal/commands"
	"github.com/lexicaassess/examreg/internal/repo"
	"github.com/lexicaassess/examreg/internal/service/certificate"
	"github.com/lexicaassess/examreg/internal/service/payment"
	"github.com/lexicaassess/examreg/internal/service/registration"
	"github.com/lexicaassess/examreg/internal/service/withdrawal"
)

// statusTable maps service errors onto HTTP statuses.
var statusTable = []struct {
	err    error
	status int
}{
	{repo.ErrNotFound, http.StatusNotFound},
	{registration.ErrUnknownSession, http.StatusNotFound},
	{registration.ErrUnknownCandidate, http.StatusNotFound},
	{registration.ErrSessionFull, http.StatusConflict},
	{registration.ErrSessionNotOpen, http.StatusConflict},
	{registration.ErrTooLate, http.StatusConflict},
	{registration.ErrForbidden, http.StatusForbidden},
	{registration.ErrClosedForChanges, http.StatusConflict},
	{payment.ErrNotPayable, http.StatusConflict},
	{payment.ErrAlreadyPaid, http.StatusConflict},
	{withdrawal.ErrForbidden, http.StatusForbidden},
	{withdrawal.ErrNotWithdrawable, http.StatusConflict},
	{withdrawal.ErrSessionInThePast, http.StatusConflict},
	{commands.ErrNotOwner, http.StatusForbidden},
	{certificate.ErrNoPrintOrder, http.StatusConflict},
}

func writeError(c *gin.Context, err error) {
	for _, e := range statusTable {
		if errors.Is(err, e.err) {
			c.JSON(e.status, gin.H{"error": err.Error()})
			return
		}
	}
	_ = c.Error(err)
	c.JSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
}
