package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/harborline/brokerage/internal/service/importers"
	"github.com/harborline/brokerage/internal/service/payments"
)

// AccountHandler serves importer account settings.
type AccountHandler struct {
	importers importers.Service
	payments  payments.Service
}

// NewAccountHandler builds the handler.
func NewAccountHandler(i importers.Service, p payments.Service) *AccountHandler {
	return &AccountHandler{importers: i, payments: p}
}

func (h *AccountHandler) routes() []route {
	return []route{
		{http.MethodPost, "/payment-methods", h.addPaymentMethod},
		{http.MethodPut, "/contact", h.putContact},
	}
}

func (h *AccountHandler) addPaymentMethod(c *gin.Context) {
	var in payments.MethodInput
	if err := c.ShouldBindJSON(&in); err != nil {
		bindError(c, err)
		return
	}
	m, err := h.payments.AddPaymentMethod(c.Request.Context(), importerID(c), in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, m)
}

func (h *AccountHandler) putContact(c *gin.Context) {
	var in importers.ContactInput
	if err := c.ShouldBindJSON(&in); err != nil {
		bindError(c, err)
		return
	}
	contact, err := h.importers.PutContact(c.Request.Context(), importerID(c), in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, contact)
}
