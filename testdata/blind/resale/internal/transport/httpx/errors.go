package httpx

import (
	"errors"
	"net/http"

	"github.com/encorelane/resale/internal/domain"
)

var statusTable = []struct {
	err    error
	status int
}{
	{domain.ErrNotFound, http.StatusNotFound},
	{domain.ErrForbidden, http.StatusForbidden},
	{domain.ErrInvalid, http.StatusUnprocessableEntity},
	{domain.ErrConflict, http.StatusConflict},
	{domain.ErrListingUnavailable, http.StatusConflict},
	{domain.ErrInsufficientFunds, http.StatusPaymentRequired},
}

func statusFor(err error) (int, bool) {
	for _, e := range statusTable {
		if errors.Is(err, e.err) {
			return e.status, true
		}
	}
	return 0, false
}
