package httpapi

import (
	"errors"
	"net/http"

	"github.com/kerfhall/makerspace/internal/domain"
	"github.com/kerfhall/makerspace/internal/platform/httpx"
)

func init() {
	httpx.RegisterErrors(func(err error) (int, string, bool) {
		var ve *domain.ValidationError
		switch {
		case errors.As(err, &ve):
			return http.StatusUnprocessableEntity, "invalid", true
		case errors.Is(err, domain.ErrNotFound):
			return http.StatusNotFound, "not_found", true
		case errors.Is(err, domain.ErrSlotTaken):
			return http.StatusConflict, "slot_taken", true
		case errors.Is(err, domain.ErrIdempotencyReuse):
			return http.StatusUnprocessableEntity, "idempotency_key_reused", true
		case errors.Is(err, domain.ErrConflict):
			return http.StatusConflict, "conflict", true
		case errors.Is(err, domain.ErrInsufficientCredit):
			return http.StatusPaymentRequired, "insufficient_credit", true
		case errors.Is(err, domain.ErrPaymentDeclined):
			return http.StatusPaymentRequired, "payment_declined", true
		case errors.Is(err, domain.ErrNotCertified):
			return http.StatusForbidden, "not_certified", true
		case errors.Is(err, domain.ErrMemberInactive):
			return http.StatusForbidden, "member_inactive", true
		case errors.Is(err, domain.ErrOutOfStock):
			return http.StatusConflict, "out_of_stock", true
		}
		return 0, "", false
	})
}
