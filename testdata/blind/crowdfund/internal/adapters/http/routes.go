package httpadapter

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"go.uber.org/fx"

	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

type route struct {
	method  string
	pattern string
	handler http.HandlerFunc
	with    []func(http.Handler) http.Handler
}

type APIRoutes struct {
	fx.In

	Router    chi.Router
	Campaigns *CampaignHandlers
	Pledges   *PledgeHandlers
	Admin     *AdminHandlers
	Replay    ports.IdempotencyStore
}

// RegisterAPIRoutes is invoked by fx in the API process.
func RegisterAPIRoutes(p APIRoutes) {
	c, pl, a := p.Campaigns, p.Pledges, p.Admin

	public := []route{
		{http.MethodPost, "/campaigns", handle(c.create), nil},
		{http.MethodPost, "/campaigns/{campaignID}/tiers", handle(c.addTier), nil},
		{http.MethodPost, "/campaigns/{campaignID}/launch", handle(c.launch), nil},
		{http.MethodPost, "/campaigns/{campaignID}/stretch-goals", handle(c.addStretchGoal), nil},
		{http.MethodPost, "/campaigns/{campaignID}/updates", handle(c.postUpdate), nil},
		{http.MethodPut, "/campaigns/{campaignID}/payout-account", handle(c.setPayoutAccount), nil},
		{http.MethodPost, "/campaigns/{campaignID}/pledges", handle(pl.create), nil},

		{http.MethodPost, "/pledges/{pledgeID}/upgrade", handle(pl.upgrade), nil},
		{http.MethodPut, "/pledges/{pledgeID}/tier", handle(pl.changeTier), nil},
		{http.MethodPost, "/pledges/{pledgeID}/addons", handle(pl.addAddon), []func(http.Handler) http.Handler{
			Idempotent(p.Replay, "pledge-addons"),
		}},
		{http.MethodPut, "/pledges/{pledgeID}/shipping-address", handle(pl.setAddress), nil},
		{http.MethodDelete, "/pledges/{pledgeID}", handle(pl.cancel), nil},
		{http.MethodPost, "/pledges/{pledgeID}/return-label", handle(pl.requestReturn), nil},
	}

	admin := []route{
		{http.MethodPost, "/campaigns/{campaignID}/close", handle(a.close), nil},
		{http.MethodPost, "/campaigns/{campaignID}/payout", handle(a.requestPayout), nil},
		{http.MethodPost, "/campaigns/{campaignID}/fulfilment", handle(a.startFulfilment), nil},
		{http.MethodPost, "/pledges/{pledgeID}/refund", handle(a.refund), []func(http.Handler) http.Handler{
			Idempotent(p.Replay, "admin-refunds"),
		}},
	}

	p.Router.Route("/v1", func(r chi.Router) {
		r.Use(Authenticate)
		mount(r, public)
		r.Route("/admin", func(r chi.Router) {
			r.Use(RequireRole(domain.RoleAdmin))
			mount(r, admin)
		})
	})
}

func mount(r chi.Router, routes []route) {
	for _, rt := range routes {
		r.With(rt.with...).Method(rt.method, rt.pattern, rt.handler)
	}
}

// RegisterHookRoutes is invoked by fx in the webhook receiver.
func RegisterHookRoutes(r chi.Router, h *HookHandlers) {
	r.Route("/hooks", func(r chi.Router) {
		r.Post("/stripe", h.Stripe)
		r.Post("/parcelhub", h.Carrier)
		r.Post("/fennel", h.Bank)
	})
}
