package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/platform/cqrs"
	"github.com/furrowline/seedbank/internal/platform/httpx"
	"github.com/furrowline/seedbank/internal/service/dues"
)

// MemberHandlers serve the member's own account. The member app retries
// on timeouts and 5xx answers.
type MemberHandlers struct {
	bus *cqrs.Bus
}

func NewMemberHandlers(bus *cqrs.Bus) *MemberHandlers { return &MemberHandlers{bus: bus} }

type duesRequest struct {
	Period        string `json:"period"`
	PaymentMethod string `json:"payment_method"`
}

// PayDues handles POST /v1/members/me/dues.
func (h *MemberHandlers) PayDues(w http.ResponseWriter, r *http.Request) {
	var body duesRequest
	if err := httpx.Decode(r, &body); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if body.Period == "" {
		body.Period = strconv.Itoa(time.Now().UTC().Year())
	}
	var inv domain.DuesInvoice
	if err := cqrs.Dispatch(r.Context(), h.bus, dues.PayDues{
		MemberID:      httpx.MemberFrom(r.Context()),
		Period:        body.Period,
		PaymentMethod: body.PaymentMethod,
		Result:        &inv,
	}); err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, inv)
}
