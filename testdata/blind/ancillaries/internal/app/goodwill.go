package app

import (
	"context"
	"database/sql"

	"github.com/segmentio/ksuid"

	"github.com/skyway-air/ancillaries/internal/domain"
)

// GrantGoodwillMilesHandler lets customer-care agents credit miles after a
// service failure. The accrual is posted to the partner by the router.
type GrantGoodwillMilesHandler struct {
	deps Deps
}

func NewGrantGoodwillMilesHandler(d Deps) *GrantGoodwillMilesHandler {
	return &GrantGoodwillMilesHandler{deps: d}
}

func (h *GrantGoodwillMilesHandler) Handle(ctx context.Context, cmd GrantGoodwillMiles) error {
	accrual := domain.MilesAccrual{
		ID:            "gw_" + ksuid.New().String(),
		PNR:           cmd.PNR,
		LoyaltyNumber: cmd.LoyaltyNumber,
		Miles:         cmd.Miles,
		Source:        "goodwill",
		Reason:        sql.NullString{String: cmd.Reason + " (agent " + cmd.AgentID + ")", Valid: true},
		BusinessDate:  dateOnly(h.deps.now()),
	}
	return h.deps.Store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		if err := tx.Accruals().Create(ctx, accrual); err != nil {
			return err
		}
		return tx.Outbox().Publish(ctx, domain.TopicAccrualRequested, domain.AccrualRequestedEvent{
			AccrualID: accrual.ID,
		})
	})
}
