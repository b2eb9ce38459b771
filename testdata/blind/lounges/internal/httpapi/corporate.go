package httpapi

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/aerolounge/loungepass/internal/service"
)

type issueBatchRequest struct {
	LoungeCode string `json:"lounge_code"`
	Quantity   int    `json:"quantity"`
	PONumber   string `json:"po_number"`
	ValidDays  int    `json:"valid_days"`
}

type issueBatchResponse struct {
	BatchID  uuid.UUID   `json:"batch_id"`
	Quantity int         `json:"quantity"`
	PassIDs  []uuid.UUID `json:"pass_ids"`
}

// issuePassBatch issues day passes to a corporate account on credit.
func (h *handlers) issuePassBatch(c echo.Context) error {
	accountID, err := uuidParam(c, "id")
	if err != nil {
		return err
	}
	req, err := bindJSON[issueBatchRequest](c)
	if err != nil {
		return err
	}
	batchID := uuid.New()
	c.Response().Header().Set(echo.HeaderLocation, "/v1/corporate/accounts/"+accountID.String()+"/pass-batches/"+batchID.String())
	b, err := h.svc.Corporate.IssueBatch(c.Request().Context(), service.IssueBatchInput{
		BatchID:    batchID,
		AccountID:  accountID,
		LoungeCode: req.LoungeCode,
		Quantity:   req.Quantity,
		PONumber:   req.PONumber,
		ValidDays:  req.ValidDays,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, issueBatchResponse{BatchID: b.ID, Quantity: b.Quantity, PassIDs: b.PassIDs})
}
