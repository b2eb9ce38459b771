// Package seats admits parties to sessions through the command bus.
package seats

import (
	"context"
	"log/slog"
	"net/http"

	"example.com/wiredtxdecor/command"
)

// Admit admits a party; Hold holds seats for one.
type Admit struct{ Session, Party string }
type Hold struct{ Session, Party string }

// Repo keeps seats.
type Repo interface {
	Take(ctx context.Context, session string) error
	Admit(ctx context.Context, session, party string) error
}

type admitHandler struct{ repo Repo }

// Handle takes a seat and admits the party: in the transaction the
// decorator it is wired with begins.
func (h *admitHandler) Handle(ctx context.Context, cmd Admit) error {
	if err := h.repo.Take(ctx, cmd.Session); err != nil {
		return err
	}
	return h.repo.Admit(ctx, cmd.Session, cmd.Party)
}

type holdHandler struct{ repo Repo }

// Handle does the same with no transaction around it: a failure
// between the writes leaves the seat taken, and the retry takes
// another.
func (h *holdHandler) Handle(ctx context.Context, cmd Hold) error {
	if err := h.repo.Take(ctx, cmd.Session); err != nil {
		return err
	}
	return h.repo.Admit(ctx, cmd.Session, cmd.Party)
}

// Handlers are the package's use cases, decorated.
type Handlers struct {
	Admit command.Handler[Admit]
	Hold  command.Handler[Hold]
}

// New wires the handlers: admissions in a transaction, holds logged only.
func New(repo Repo, tx command.TxRunner, log *slog.Logger) Handlers {
	return Handlers{
		Admit: command.Apply[Admit](&admitHandler{repo: repo}, command.Logged[Admit](log), command.Transactional[Admit](tx)),
		Hold:  command.Apply[Hold](&holdHandler{repo: repo}, command.Logged[Hold](log)),
	}
}

// Handler serves the use cases.
type Handler struct{ H Handlers }

func (h *Handler) Admit(w http.ResponseWriter, r *http.Request) {
	if err := h.H.Admit.Handle(r.Context(), Admit{Session: r.PathValue("id"), Party: r.FormValue("party")}); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

func (h *Handler) Hold(w http.ResponseWriter, r *http.Request) {
	if err := h.H.Hold.Handle(r.Context(), Hold{Session: r.PathValue("id"), Party: r.FormValue("party")}); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}
