//! Policy as data: which syntax may pass, which names are reserved, which limits hold. The JS
//! side gets these tables generated from here, never written twice.

pub mod limits;
pub mod reserved;
pub mod syntax;
