package catalog

import "strings"

// Brokers, as data: the publish options that carry a message ID. The
// brokers' publish calls are among the providers' external calls, their
// consumers and deliveries among the roots.

// pubOptions are the publish options that carry a message ID.
var pubOptions = map[string]bool{
	"github.com/nats-io/nats.go.MsgId":               true,
	"github.com/nats-io/nats.go/jetstream.WithMsgID": true,
}

// MsgIDOption returns the name of the publish option of package path
// that carries a message ID (nats.MsgId, jetstream.WithMsgID).
func MsgIDOption(path string) (string, bool) {
	for key := range pubOptions {
		if keyInPackage(key, path) {
			return key[strings.LastIndex(key, ".")+1:], true
		}
	}
	return "", false
}
