package api

import (
	"context"
	"net/http"

	"connectrpc.com/connect"
	"github.com/google/uuid"
)

// A NoteRequest asks for a note on an order.
type NoteRequest struct {
	OrderID string
	Text    string
}

// A NoteResponse names the note made.
type NoteResponse struct{ ID string }

// Notes serves the notes service over Connect.
type Notes struct{ S *Server }

// Mount serves the service's one procedure.
func (n *Notes) Mount(mux *http.ServeMux) {
	mux.Handle("/shop.v1.NoteService/AddNote", connect.NewUnaryHandler("/shop.v1.NoteService/AddNote", n.AddNote))
}

// AddNote stores the note under a fresh id: a client that retries after
// a timeout adds it twice.
func (n *Notes) AddNote(ctx context.Context, req *connect.Request[NoteRequest]) (*connect.Response[NoteResponse], error) {
	id := uuid.NewString() // finding: IDEM001 fix: req.Header().Get("Idempotency-Key")
	if _, err := n.S.DB.ExecContext(ctx, "INSERT INTO order_notes (id, order_id, body) VALUES ($1, $2, $3)", id, req.Msg.OrderID, req.Msg.Text); err != nil {
		return nil, err
	}
	return connect.NewResponse(&NoteResponse{ID: id}), nil
}
