// Command replay wires the service, delivers each request twice, as a
// client that lost the first response would, and prints what the
// database and the messaging provider hold after the first delivery and
// after the second: for a handler that absorbs the retry, the two are
// the same. It reads the database's connection string from REPLAY_DSN
// and works in a schema of its own, which it drops at the end.
package main

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"

	_ "github.com/jackc/pgx/v5/stdlib"

	"example.com/replay/app"
	"example.com/replay/orders"
	"example.com/replay/schema"
	"example.com/replay/store"
)

// A State is what a delivery leaves behind: the rows of each table, the
// messages the provider sent, and the status the client got.
type State struct {
	Rows     map[string][]string
	Messages []string
	Status   int
}

// provider stands in for a messaging API that honours Idempotency-Key:
// a request with a key it has seen sends nothing again.
type provider struct {
	mu   sync.Mutex
	seen map[string]bool
	sent []string
}

func (p *provider) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	p.mu.Lock()
	defer p.mu.Unlock()
	key := r.Header.Get("Idempotency-Key")
	if key == "" || !p.seen[key] {
		p.seen[key] = key != ""
		p.sent = append(p.sent, string(body))
	}
	w.WriteHeader(http.StatusAccepted)
}

func (p *provider) reset() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.seen, p.sent = map[string]bool{}, nil
}

func main() {
	dsn := os.Getenv("REPLAY_DSN")
	if dsn == "" {
		log.Fatal("REPLAY_DSN is not set")
	}
	name := fmt.Sprintf("replay_%d", os.Getpid())
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Exec("CREATE SCHEMA " + name); err != nil {
		log.Fatal(err)
	}
	defer admin.Exec("DROP SCHEMA " + name + " CASCADE")
	db, err := sql.Open("pgx", dsn+" search_path="+name)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(schema.SQL); err != nil {
		log.Fatal(err)
	}
	p := &provider{}
	srv := httptest.NewServer(p)
	defer srv.Close()
	h := &orders.Handlers{DB: db, Invoices: app.NewInvoices(&store.Store{DB: db}), ProviderURL: srv.URL, Client: srv.Client()}

	out := map[string][2]State{}
	for _, s := range []struct {
		name    string
		handler http.HandlerFunc
	}{
		{"place", h.Place},
		{"pay", h.Pay},
		{"invoice", h.Invoice},
		{"notify", h.Notify},
	} {
		p.reset()
		if _, err := db.Exec("TRUNCATE " + strings.Join(schema.Tables, ", ")); err != nil {
			log.Fatal(err)
		}
		var states [2]State
		for i := range states {
			states[i] = deliver(db, p, s.handler)
		}
		out[s.name] = states
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		log.Fatal(err)
	}
}

// deliver sends the same request, with the same key, and reads the state.
func deliver(db *sql.DB, p *provider, handler http.HandlerFunc) State {
	req := httptest.NewRequest(http.MethodPost, "/orders", strings.NewReader(`{"order_id": "o-1", "total": 1200}`))
	req.Header.Set("Idempotency-Key", "k-1")
	rec := httptest.NewRecorder()
	handler(rec, req)
	st := State{Rows: map[string][]string{}, Status: rec.Code}
	for _, t := range schema.Tables {
		rows, err := db.Query("SELECT row_to_json(t)::text FROM " + t + " t")
		if err != nil {
			log.Fatal(err)
		}
		for rows.Next() {
			var row string
			if err := rows.Scan(&row); err != nil {
				log.Fatal(err)
			}
			st.Rows[t] = append(st.Rows[t], row)
		}
		if err := rows.Err(); err != nil {
			log.Fatal(err)
		}
		rows.Close()
		slices.Sort(st.Rows[t])
	}
	p.mu.Lock()
	st.Messages = slices.Clone(p.sent)
	p.mu.Unlock()
	return st
}
