// Package grants grants and revokes members' credit through commands
// a bus dispatches to the service the composition root wires.
package grants

import (
	"context"
	"net/http"

	"example.com/wiredprev/bus"
)

// Grant grants a member credit.
type Grant struct {
	Member string
	Amount int64
}

// Revoke revokes a member's credit.
type Revoke struct{ Member string }

// Service grants and revokes credit.
type Service interface {
	Grant(ctx context.Context, member string, amount int64) error
	Revoke(ctx context.Context, member string) error
}

type grantHandler struct {
	grant func(context.Context, string, int64) error
}

func (h grantHandler) Handle(ctx context.Context, cmd Grant) error {
	return h.grant(ctx, cmd.Member, cmd.Amount)
}

type revokeHandler struct{ svc Service }

func (h revokeHandler) Handle(ctx context.Context, cmd Revoke) error {
	return h.svc.Revoke(ctx, cmd.Member)
}

// Register registers the commands' handlers.
func Register(b *bus.Bus, svc Service) {
	bus.Register[Grant](b, grantHandler{grant: svc.Grant})
	bus.Register[Revoke](b, revokeHandler{svc: svc})
}

// API takes the commands over HTTP.
type API struct{ Bus *bus.Bus }

// Grant dispatches a grant.
func (a *API) Grant(w http.ResponseWriter, r *http.Request) {
	bus.Dispatch(r.Context(), a.Bus, Grant{Member: r.FormValue("member"), Amount: 5})
}

// Revoke dispatches a revocation.
func (a *API) Revoke(w http.ResponseWriter, r *http.Request) {
	bus.Dispatch(r.Context(), a.Bus, Revoke{Member: r.FormValue("member")})
}
