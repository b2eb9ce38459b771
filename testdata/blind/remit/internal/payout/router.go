package payout

import (
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/sendhome/remit/internal/config"
)

// AgentNetwork is the pseudo-partner for cash pickup at our own agents.
const AgentNetwork = "agent_network"

// Router picks the partner that serves a corridor and payout method.
type Router interface {
	ForRoute(corridor, method string) (Partner, error)
	ByName(name string) (Partner, error)
	All() []Partner
}

type route struct {
	destination string
	method      string
}

type tableRouter struct {
	byName map[string]Partner
	routes map[route]string
	def    map[string]string
}

// NewRouter builds the partner router from configuration. Each partner is
// wrapped in the logging decorator.
func NewRouter(cfg *config.Config, log *slog.Logger) Router {
	bw := NewBankWire(cfg.BankWireURL, WithAPIKey(cfg.BankWireAPIKey), WithTimeout(25*time.Second))
	wp := NewWalletPay(cfg.WalletPayURL, WithAPIKey(cfg.WalletPayKey), WithUserAgent("sendhome-remit-wallet/1.0"))
	r := &tableRouter{
		byName: map[string]Partner{},
		routes: map[route]string{
			{"PH", "mobile_wallet"}: "walletpay",
			{"KE", "mobile_wallet"}: "walletpay",
			{"GH", "mobile_wallet"}: "walletpay",
			{"KE", "bank_account"}:  "walletpay", // WalletPay also runs PesaLink credits in Kenya
		},
		def: map[string]string{
			"bank_account":  "bankwire",
			"mobile_wallet": "walletpay",
		},
	}
	for _, p := range []Partner{bw, wp} {
		r.byName[p.Name()] = Logged(p, log)
	}
	return r
}

func (r *tableRouter) ForRoute(corridor, method string) (Partner, error) {
	dest := corridor
	if i := strings.IndexByte(corridor, '-'); i >= 0 {
		dest = corridor[i+1:]
	}
	name, ok := r.routes[route{dest, method}]
	if !ok {
		name, ok = r.def[method]
	}
	if !ok {
		return nil, fmt.Errorf("payout: no partner for %s/%s", corridor, method)
	}
	return r.ByName(name)
}

func (r *tableRouter) ByName(name string) (Partner, error) {
	p, ok := r.byName[name]
	if !ok {
		return nil, fmt.Errorf("payout: unknown partner %q", name)
	}
	return p, nil
}

func (r *tableRouter) All() []Partner {
	out := make([]Partner, 0, len(r.byName))
	for _, p := range r.byName {
		out = append(out, p)
	}
	return out
}
