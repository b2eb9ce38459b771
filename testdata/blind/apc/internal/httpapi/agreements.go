package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/quillpress/apcdesk/internal/commands"
	"github.com/quillpress/apcdesk/internal/domain"
)

type drawDownRequest struct {
	InvoiceID string `json:"invoice_id" binding:"required,uuid"`
}

func (s *Server) drawDown(c *gin.Context) {
	req, ok := bind[drawDownRequest](c)
	if !ok {
		return
	}
	var entry domain.LedgerEntry
	err := commands.Dispatch(c.Request.Context(), s.Bus, commands.DrawDownCredit{
		AgreementID: c.Param("id"),
		InvoiceID:   req.InvoiceID,
		Actor:       actor(c),
		Result:      &entry,
	})
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{
		"ledger_entry_id": entry.ID,
		"agreement_id":    entry.AgreementID,
		"invoice_id":      entry.InvoiceID,
		"amount_cents":    entry.AmountCents,
	})
}
