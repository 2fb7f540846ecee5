package salesorders

// Deps are the other areas sales orders read through, handed in by the one wiring place. Each
// is the small interface sales orders use, so a test or a later area can stand in for it.
type Deps struct{}
