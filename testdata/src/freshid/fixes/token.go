package fixes

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
)

// A session token of random bytes: the finding is at the call that
// fills the buffer, which no derived value can replace, so it has no
// fix.
func startSession(w http.ResponseWriter, r *http.Request) {
	buf := make([]byte, 16)
	if _, err := rand.Read(buf); err != nil { // want `a retry inserts a second sessions row with a new id: rand.Read\(\) is fresh on every attempt \(HTTP handler startSession\); derive it from the request's Idempotency-Key header`
		return
	}
	db.Exec("INSERT INTO sessions (id, user_id) VALUES ($1, $2)", hex.EncodeToString(buf), r.FormValue("user"))
}
